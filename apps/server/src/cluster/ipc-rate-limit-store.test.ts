import { describe, expect, it } from "vitest";
import { IpcRateLimitClient, RateCounters } from "./ipc-rate-limit-store";
import type { RateMessage } from "./messages";

describe("rate limits counted by the primary", () => {
  it("counts a fixed window per key and starts again when it is over", () => {
    const counters = new RateCounters();
    expect(counters.incr("a", 1_000, 0)).toEqual({ current: 1, ttl: 1_000 });
    expect(counters.incr("a", 1_000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counters.incr("b", 1_000, 400)).toEqual({ current: 1, ttl: 1_000 });
    expect(counters.incr("a", 1_000, 1_000)).toEqual({ current: 1, ttl: 1_000 });
  });

  it("gives two workers' stores one count per route and key", async () => {
    const counters = new RateCounters();
    const clients = [0, 1].map(() => {
      const client: IpcRateLimitClient = new IpcRateLimitClient((message: RateMessage) => {
        if (message.kind !== "rate-incr") return true;
        const { current, ttl } = counters.incr(message.key, message.timeWindow);
        queueMicrotask(() => client.receive({ kind: "rate-count", requestId: message.requestId, current, ttl }));
        return true;
      });
      return client;
    });
    const route = (client: IpcRateLimitClient, url: string) =>
      new (client.storeClass())({}).child({ routeInfo: { method: "POST", url } } as never);
    const incr = (store: ReturnType<typeof route>, key: string) =>
      new Promise<number>((resolve) => store.incr(key, (_error, result) => resolve(result?.current ?? -1), 60_000, 5));
    const [first, second] = clients as [IpcRateLimitClient, IpcRateLimitClient];
    expect(await incr(route(first, "/api/ask"), "user:1")).toBe(1);
    expect(await incr(route(second, "/api/ask"), "user:1")).toBe(2);
    expect(await incr(route(second, "/api/ask/stream"), "user:1")).toBe(1);
    expect(await incr(route(first, "/api/ask"), "user:2")).toBe(1);
  });

  it("lets the request through when the primary cannot be reached", async () => {
    const client = new IpcRateLimitClient(() => false);
    await expect(client.count("k", 60_000)).resolves.toEqual({ current: 1, ttl: 60_000 });
  });
});
