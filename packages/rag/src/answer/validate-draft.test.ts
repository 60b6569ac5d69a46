import { describe, expect, it } from "vitest";
import type { DraftPassage } from "../drafting/drafter";
import { validateDraft } from "./validate-draft";

const passages: DraftPassage[] = [
  {
    localId: 1,
    text: "The AES algorithm is capable of using cryptographic keys of 128, 192, and 256 bits to encrypt\nand decrypt data in blocks of 128 bits.",
  },
  {
    localId: 2,
    text: "For the AES algorithm, the number of rounds is 10, 12 or 14, depending on the \u201Ckey length\u201D.",
  },
];

describe("validateDraft", () => {
  it("keeps a claim whose quote is in a cited passage, across a line wrap", () => {
    const claim = {
      text: "AES encrypts data in blocks of 128 bits.",
      quote: "to encrypt and decrypt data in blocks of 128 bits.",
      citations: [1],
    };
    expect(validateDraft({ part: 0, passages, claims: [claim] })).toEqual({ kept: [claim], dropped: [] });
  });

  it("accepts the quote in any one of several cited passages and removes duplicate ids", () => {
    const claim = {
      text: "AES uses 10, 12 or 14 rounds.",
      quote: 'depending on the "key length"',
      citations: [1, 2, 1],
    };
    const result = validateDraft({ part: 1, passages, claims: [claim] });
    expect(result.kept).toEqual([{ ...claim, citations: [1, 2] }]);
    expect(result.dropped).toEqual([]);
  });

  it("drops a claim citing a passage outside the retrieved set", () => {
    const claim = { text: "AES has a block size of 128 bits.", quote: "blocks of 128 bits.", citations: [1, 7] };
    expect(validateDraft({ part: 2, passages, claims: [claim] })).toEqual({
      kept: [],
      dropped: [{ part: 2, text: claim.text, reason: "unknown_citation" }],
    });
  });

  it("drops a claim without citations as an unknown citation", () => {
    const claim = { text: "AES has a block size of 128 bits.", quote: "blocks of 128 bits.", citations: [] };
    expect(validateDraft({ part: 0, passages, claims: [claim] }).dropped[0]?.reason).toBe("unknown_citation");
  });

  it("drops a claim whose quote is not in the cited passage, even if another passage has it", () => {
    const claim = {
      text: "AES uses 14 rounds at most.",
      quote: "the number of rounds is 10, 12 or 14",
      citations: [1],
    };
    expect(validateDraft({ part: 0, passages, claims: [claim] }).dropped).toEqual([
      { part: 0, text: claim.text, reason: "quote_not_in_passage" },
    ]);
  });

  it("drops a claim with an empty quote", () => {
    const claim = { text: "AES has a block size of 128 bits.", quote: "  ", citations: [1] };
    expect(validateDraft({ part: 0, passages, claims: [claim] }).dropped[0]?.reason).toBe("quote_not_in_passage");
  });

  it("drops a claim whose text is not self-contained", () => {
    const claim = { text: "It uses blocks of 128 bits.", quote: "blocks of 128 bits.", citations: [1] };
    expect(validateDraft({ part: 0, passages, claims: [claim] }).dropped).toEqual([
      { part: 0, text: claim.text, reason: "not_self_contained" },
    ]);
  });

  it("keeps good claims beside dropped ones, in drafted order", () => {
    const good1 = {
      text: "AES uses keys of 128, 192 and 256 bits.",
      quote: "keys of 128, 192, and 256 bits",
      citations: [1],
    };
    const bad = { text: "AES is fast.", quote: "AES is fast", citations: [2] };
    const good2 = {
      text: "AES has 10, 12 or 14 rounds.",
      quote: "the number of rounds is 10, 12 or 14",
      citations: [2],
    };
    const result = validateDraft({ part: 0, passages, claims: [good1, bad, good2] });
    expect(result.kept).toEqual([good1, good2]);
    expect(result.dropped).toEqual([{ part: 0, text: "AES is fast.", reason: "quote_not_in_passage" }]);
  });
});
