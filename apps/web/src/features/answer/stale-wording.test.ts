import { describe, expect, it } from "vitest";
import { describeStale } from "./stale-wording";

describe("describeStale", () => {
  it("says a cited document was deleted or replaced, and nothing otherwise", () => {
    expect(describeStale({ filename: "a.pdf", stale: "deleted" })).toContain("a.pdf was deleted");
    expect(describeStale({ filename: "a.pdf", stale: "replaced" })).toContain("replaced by a newer upload");
    expect(describeStale({ filename: "a.pdf" })).toBeNull();
  });
});
