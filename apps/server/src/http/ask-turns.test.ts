import { describe, expect, it } from "vitest";
import { AskTurns } from "./ask-turns";

/** Busy-waits: the synchronous work of an embedded ask. */
const work = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

describe("AskTurns", () => {
  it("starts asks in arrival order, one per loop turn, so other callbacks run between them", async () => {
    const turns = new AskTurns();
    const events: string[] = [];
    const asks = [1, 2, 3].map(async (n) => {
      await turns.take();
      events.push(`ask ${n}`);
      work(5);
    });
    // Stands for a health probe that arrives while the asks are queued.
    setImmediate(() => setImmediate(() => events.push("probe")));
    await Promise.all(asks);
    expect(events.filter((event) => event.startsWith("ask"))).toEqual(["ask 1", "ask 2", "ask 3"]);
    const probe = events.indexOf("probe");
    expect(probe).toBeGreaterThan(0);
    expect(probe).toBeLessThan(events.length - 1);
    expect(turns.queued).toBe(0);
  });

  it("passes over an ask whose client went away", async () => {
    const turns = new AskTurns();
    const gone = new AbortController();
    gone.abort();
    let started = false;
    void turns.take(gone.signal).then(() => {
      started = true;
    });
    await turns.take();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(false);
    expect(turns.queued).toBe(0);
  });
});
