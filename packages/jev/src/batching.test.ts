import { describe, expect, it } from "vitest";
import { citedSetKey, groupByCitedSet } from "./batching";

describe("groupByCitedSet", () => {
  it("groups identical sets regardless of order and duplicates", () => {
    const groups = groupByCitedSet([
      { id: "a", text: "A", citations: [2, 1] },
      { id: "b", text: "B", citations: [1, 2, 2] },
      { id: "c", text: "C", citations: [1] },
      { id: "d", text: "D", citations: [1, 2, 3] },
    ]);
    expect(groups.map((group) => group.claims.map((claim) => claim.id))).toEqual([["a", "b"], ["c"], ["d"]]);
    expect(groups[0]?.citationIds).toEqual([2, 1]);
    expect(groups[0]?.claims[1]).toEqual({ position: 1, id: "b", text: "B", citationIds: [1, 2] });
  });

  it("keys sets order-insensitively", () => {
    expect(citedSetKey([3, 1, 1])).toBe(citedSetKey([1, 3]));
    expect(citedSetKey([1])).not.toBe(citedSetKey([1, 3]));
  });
});
