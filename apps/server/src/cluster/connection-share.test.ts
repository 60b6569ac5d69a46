import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConnectionShare } from "./connection-share";

describe("ConnectionShare", () => {
  let server: Server;
  let share: ConnectionShare;
  let url: string;
  const reports: number[] = [];
  beforeEach(async () => {
    server = createServer((_request, response) => response.end("ok"));
    share = new ConnectionShare(server, (open) => reports.push(open));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterEach(async () => {
    share.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = async (agent: Agent) => {
    const response = await request(url, { dispatcher: agent });
    await response.body.text();
    return response.headers.connection;
  };

  it("keeps connections alive within an even share and closes them above it", async () => {
    const agents = Array.from({ length: 6 }, () => new Agent({ connections: 1 }));
    try {
      // Six open here; the primary says two workers hold twelve in all: an even share, keep them.
      expect(await Promise.all(agents.map(get))).toEqual(Array(6).fill("keep-alive"));
      share.update(12, 2);
      expect(await get(agents[0] as Agent)).toBe("keep-alive");
      // All six of the two workers' connections are here: above three plus the slack of two, so answers close.
      share.update(6, 2);
      expect(share.overShare()).toBe(true);
      expect(await get(agents[1] as Agent)).toBe("close");
      await new Promise((resolve) => setTimeout(resolve, 450));
      // The count reported to the primary follows the closed connection.
      expect(reports.at(-1)).toBe(5);
    } finally {
      await Promise.all(agents.map((agent) => agent.close()));
    }
  });
});
