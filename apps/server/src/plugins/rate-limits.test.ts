import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { multipartFile } from "../../../../tests/support/multipart";
import { startTestApp } from "../../../../tests/support/test-app";
import { rateLimited, rateLimitKey } from "./rate-limits";

describe("rateLimitKey", () => {
  it("keys on the signed-in user when there is one, else on the client address", () => {
    const request = (extra: object) => ({ ip: "192.0.2.7", ...extra }) as unknown as FastifyRequest;
    expect(rateLimitKey(request({ user: { id: "u-1" } }))).toBe("user:u-1");
    expect(rateLimitKey(request({ user: null }))).toBe("ip:192.0.2.7");
    expect(rateLimitKey(request({}))).toBe("ip:192.0.2.7");
  });

  it("turns a limit of 0 into no limit at all", () => {
    expect(rateLimited(0, 60_000)).toEqual({});
    expect(rateLimited(5, 60_000)).toEqual({ config: { rateLimit: { max: 5, timeWindow: 60_000 } } });
  });
});

describe("rate limits on ask and upload", () => {
  it("answers 429 RATE_LIMITED with Retry-After past the configured number per window", async () => {
    const test = await startTestApp({ RAG_ASK_RATE_LIMIT: "2", RAG_UPLOAD_RATE_LIMIT: "1" });
    try {
      const ask = () => test.app.inject({ method: "POST", url: "/api/ask", payload: { question: "Anything?" } });
      // No document yet: 409, but each still spends the budget.
      expect((await ask()).statusCode).toBe(409);
      expect((await ask()).statusCode).toBe(409);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
      expect(limited.json()).toEqual({
        error: { code: "RATE_LIMITED", message: expect.stringMatching(/at most 2 per/) },
      });
      // Health is never limited.
      expect((await test.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

      const { payload, headers } = multipartFile("not a pdf", "a.pdf");
      expect((await test.app.inject({ method: "POST", url: "/api/documents", payload, headers })).statusCode).toBe(415);
      const second = await test.app.inject({ method: "POST", url: "/api/documents", payload, headers });
      expect(second.statusCode).toBe(429);
      expect(second.json().error.code).toBe("RATE_LIMITED");
    } finally {
      await test.close();
    }
  });
});
