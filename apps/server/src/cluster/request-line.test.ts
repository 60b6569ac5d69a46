import { describe, expect, it } from "vitest";
import { maxRequestLineBytes, routeConnection } from "./request-line";

const route = (text: string) => routeConnection(Buffer.from(text, "latin1"));

describe("routeConnection", () => {
  it("keeps health probes for the primary", () => {
    expect(route("GET /api/health HTTP/1.1\r\nhost: x\r\n\r\n")).toBe("health");
    expect(route("HEAD /api/health?full=1 HTTP/1.0\r\n")).toBe("health");
  });

  it("sends everything else to a worker", () => {
    expect(route("POST /api/ask HTTP/1.1\r\n")).toBe("worker");
    expect(route("GET /api/healthz HTTP/1.1\r\n")).toBe("worker");
    expect(route("POST /api/health HTTP/1.1\r\n")).toBe("worker");
    expect(route("GET /api/documents HTTP/1.1\r\n")).toBe("worker");
    expect(route("\u0016\u0003\u0001 tls hello\n")).toBe("worker");
  });

  it("waits for the end of the first line, up to a limit", () => {
    expect(route("GET /api/hea")).toBe("incomplete");
    expect(route("")).toBe("incomplete");
    expect(route("G".repeat(maxRequestLineBytes))).toBe("worker");
  });
});
