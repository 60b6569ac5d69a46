import { randomUUID } from "node:crypto";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { RateMessage } from "./messages";
import { PendingReplies } from "./pending-replies";

// A primary that does not answer this fast lets the request through: a limit is a courtesy, an outage is not.
const answerTimeoutMs = 2_000;
const maxCounters = 10_000;

type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
/** What the plugin passes to `child` at run time: the route's merged limit settings with the route itself. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit whose counters live in the cluster's primary, so a limit such
 * as RAG_ASK_RATE_LIMIT holds for the whole server, whichever worker a request reaches. Each
 * count is one message each way; counters are per route, as with the plugin's own store.
 */
export class IpcRateLimitClient {
  private readonly pending = new PendingReplies<{ current: number; ttl: number }>();

  constructor(private readonly send: (message: RateMessage) => boolean) {}

  /** The constructor @fastify/rate-limit's `store` option takes. */
  storeClass(): FastifyRateLimitStoreCtor {
    const client = this;
    class IpcRateLimitStore implements FastifyRateLimitStore {
      constructor(private readonly route = "") {}
      incr(key: string, callback: Callback, timeWindow: number): void {
        client.count(`${this.route}\u0000${key}`, timeWindow).then((result) => callback(null, result));
      }
      child(routeOptions: unknown): FastifyRateLimitStore {
        const { method, url } = (routeOptions as ChildOptions).routeInfo ?? {};
        return new IpcRateLimitStore(`${String(method)} ${url ?? ""}`);
      }
    }
    return IpcRateLimitStore as unknown as FastifyRateLimitStoreCtor;
  }

  count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const requestId = randomUUID();
    const send = () => this.send({ kind: "rate-incr", requestId, key, timeWindow });
    return this.pending.request(requestId, send, answerTimeoutMs, { current: 1, ttl: timeWindow });
  }

  receive(message: Extract<RateMessage, { kind: "rate-count" }>): void {
    this.pending.settle(message.requestId, { current: message.current, ttl: message.ttl });
  }
}

/** The primary's counters: a fixed window per key, as @fastify/rate-limit's own store counts. */
export class RateCounters {
  private readonly counters = new Map<string, { current: number; startedAt: number }>();

  incr(key: string, timeWindow: number, now = Date.now()): { current: number; ttl: number } {
    let counter = this.counters.get(key);
    if (!counter || counter.startedAt + timeWindow <= now) {
      counter = { current: 0, startedAt: now };
      // Oldest first: a Map keeps insertion order, and a renewed window is inserted again.
      this.counters.delete(key);
      if (this.counters.size >= maxCounters) this.counters.delete(this.counters.keys().next().value as string);
      this.counters.set(key, counter);
    }
    counter.current += 1;
    return { current: counter.current, ttl: counter.startedAt + timeWindow - now };
  }
}
