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

  it("lets an ask whose client went away through without using up a turn", async () => {
    const turns = new AskTurns();
    const gone = new AbortController();
    gone.abort();
    const events: string[] = [];
    const left = turns.take(gone.signal).then(() => events.push("gone"));
    const next = turns.take().then(() => events.push("next"));
    // Both start within the first turn: the one that left did not hold the next one back.
    setImmediate(() => setImmediate(() => events.push("second turn")));
    await Promise.all([left, next]);
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(events).toEqual(["gone", "next", "second turn"]);
    expect(turns.queued).toBe(0);
  });
});
