import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeJevServer, startFakeJevServer } from "../../../tests/support/fake-jev-server";
import { JevConnectionError, JevRequestAbortedError } from "./errors";
import { buildJevRequest } from "./prompt";
import { TypeSafeJevTransport } from "./typesafe-jev-transport";

const KEY = "sk-transport-test-key";
let server: FakeJevServer;
let transport: TypeSafeJevTransport;

beforeAll(async () => {
  server = await startFakeJevServer();
  transport = new TypeSafeJevTransport({ baseUrl: `${server.url}/`, apiKey: KEY });
});
afterAll(async () => {
  await transport.close();
  await server.close();
});
beforeEach(() => {
  server.setHandler();
  server.requests.length = 0;
});

const body = buildJevRequest("jev-1.13.0", ["The fee is ten euros."], ["The fee is ten euros per month."]);

describe("TypeSafeJevTransport", () => {
  it("posts the wire body with bearer auth and reads the request id", async () => {
    const reply = await transport.systemOne(body);
    expect(reply.status).toBe(200);
    expect(reply.requestId).toBe("fake-req-1");
    expect(reply.body).toMatchObject({ model: "jev-1.13.0", answers: { claim_1: { choice: "support" } } });
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/systemone");
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual(body);
  });

  it("discards error bodies and non-JSON bodies", async () => {
    server.setHandler(() => ({ status: 503, body: "upstream exploded: internal detail", requestId: "req-err" }));
    expect(await transport.systemOne(body)).toEqual({ status: 503, requestId: "req-err", body: undefined });
    server.setHandler(() => ({ malformed: true, requestId: null }));
    expect(await transport.systemOne(body)).toEqual({ status: 200, requestId: null, body: undefined });
  });

  it("turns a reset connection into a JevConnectionError without the key", async () => {
    server.setHandler(() => ({ reset: true }));
    const error = await transport.systemOne(body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JevConnectionError);
    expect(String((error as Error).message)).not.toContain(KEY);
  });

  it("fails fast when nothing listens", async () => {
    const idle = await startFakeJevServer();
    const url = idle.url;
    await idle.close();
    const dead = new TypeSafeJevTransport({ baseUrl: url, apiKey: KEY });
    await expect(dead.systemOne(body)).rejects.toBeInstanceOf(JevConnectionError);
    await dead.close();
  });

  it("aborts an in-flight request through its signal", async () => {
    server.setHandler(() => ({ delayMs: 5000 }));
    const started = performance.now();
    await expect(transport.systemOne(body, AbortSignal.timeout(100))).rejects.toBeInstanceOf(JevRequestAbortedError);
    expect(performance.now() - started).toBeLessThan(2000);
    await expect.poll(() => server.requests[0]?.closedEarly).toBe(true);
  });

  it("lists models and sends no authorization header without a key", async () => {
    const anonymous = new TypeSafeJevTransport({ baseUrl: server.url });
    expect(await anonymous.listModels()).toEqual({ status: 200, models: ["jev-1.13.0", "jev-1.12.0"] });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    server.setModels({ status: 401, body: { error: "bad key" } });
    expect(await anonymous.listModels()).toEqual({ status: 401, models: null });
    server.setModels(["jev-1.13.0", "jev-1.12.0"]);
    await anonymous.close();
  });

  it("stops reading a reply larger than maxReplyBytes and treats it as not JSON", async () => {
    const capped = new TypeSafeJevTransport({ baseUrl: server.url, apiKey: KEY, maxReplyBytes: 64 * 1024 });
    try {
      server.setHandler(() => ({ rawBody: { model: "jev-1.13.0", padding: "x".repeat(3 * 1024 * 1024) } }));
      const reply = await capped.systemOne(body);
      expect(reply.status).toBe(200);
      expect(reply.body).toBeUndefined();
      server.setHandler();
      // The same transport still works for a normal reply afterwards.
      expect((await capped.systemOne(body)).body).toMatchObject({ model: "jev-1.13.0" });
    } finally {
      await capped.close();
    }
  });
});
