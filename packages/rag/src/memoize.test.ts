import { describe, expect, it } from "vitest";
import { memoize } from "./memoize";

describe("memoize", () => {
  it("computes each argument once, and forgets everything once the limit is held", () => {
    const calls: string[] = [];
    const upper = memoize(2, (key) => {
      calls.push(key);
      return key.toUpperCase();
    });
    expect([upper("a"), upper("a"), upper("b")]).toEqual(["A", "A", "B"]);
    expect(calls).toEqual(["a", "b"]);
    // Two held: a third clears them, so "a" is computed again.
    expect(upper("c")).toBe("C");
    expect(upper("a")).toBe("A");
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });
});
