import { describe, expect, it } from "vitest";
import { answerIdFromHash, hashForAnswer } from "./answer-link";

describe("answer links", () => {
  it("round-trips an id through the hash", () => {
    expect(answerIdFromHash(hashForAnswer("a b/c"))).toBe("a b/c");
  });

  it("ignores other hashes", () => {
    expect(answerIdFromHash("")).toBeNull();
    expect(answerIdFromHash("#ask-heading")).toBeNull();
    expect(answerIdFromHash("#answer=")).toBeNull();
  });
});
