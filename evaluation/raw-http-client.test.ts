import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonPost, RawConnection } from "./raw-http-client";

describe("RawConnection", () => {
  let server: Server;
  let port: number;
  const seenSockets = new Set<unknown>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      seenSockets.add(request.socket);
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        if (request.url === "/chunked") {
          response.write("a");
          response.end("b");
          return;
        }
        const reply = JSON.stringify({ echoed: JSON.parse(body), auth: request.headers.authorization ?? null });
        response.setHeader("server-timing", "total;dur=1.5");
        if (request.url === "/close") response.setHeader("connection", "close");
        response.statusCode = request.url === "/missing" ? 404 : 200;
        response.end(reply);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends requests one after another on one kept-alive connection and frames each response", async () => {
    const connection = new RawConnection("127.0.0.1", port);
    const host = `127.0.0.1:${port}`;
    for (const n of [1, 2, 3]) {
      const response = await connection.send(jsonPost(host, "/ask", { n }, { authorization: "Bearer t" }), 5_000);
      expect(response.status).toBe(200);
      expect(response.head).toMatch(/server-timing: total;dur=1\.5/i);
      expect(JSON.parse(response.body.toString())).toEqual({ echoed: { n }, auth: "Bearer t" });
    }
    expect((await connection.send(jsonPost(host, "/missing", {}), 5_000)).status).toBe(404);
    expect(seenSockets.size).toBe(1);
    // The server closing after an answer makes the next request open a new connection.
    await connection.send(jsonPost(host, "/close", { n: 4 }), 5_000);
    expect((await connection.send(jsonPost(host, "/ask", { n: 5 }), 5_000)).status).toBe(200);
    expect(seenSockets.size).toBe(2);
    await expect(connection.send(jsonPost(host, "/chunked", {}), 5_000)).rejects.toThrow(/Content-Length/);
    connection.close();
  });
});
