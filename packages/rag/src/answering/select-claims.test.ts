import { describe, expect, it } from "vitest";
import type { AnswerCandidate } from "./answer-candidates";
import { answerEngineSettings as settings } from "./answer-engine-settings";
import { candidateFeatures } from "./candidate-features";
import { analyseQuestion } from "./question-analysis";
import type { ScoredCandidate, ScoreParts } from "./score-candidate";
import { namingValues, selectClaims } from "./select-claims";

const noParts: ScoreParts = {
  coverage: 1,
  context: 0,
  proximity: 0,
  answerType: 0,
  typeMissing: 0,
  definitionMissing: 0,
  rank: 1,
  definition: 0,
  crossReference: 0,
  figure: 0,
  namesOnly: 0,
  namedMissing: 0,
  tableLookup: 0,
  opposite: 0,
  programInput: 0,
};
let start = 0;
function scored(quote: string, score: number, matched: string[], localId = 1): ScoredCandidate {
  const candidate: AnswerCandidate = { kind: "sentence", quote, start, claimText: quote, context: [] };
  start += quote.length + 1;
  return {
    features: candidateFeatures(candidate),
    localId,
    rank: localId,
    score,
    parts: noParts,
    matched: new Set(matched),
    namesGiven: new Set(),
  };
}

/** A candidate of the asked kind about the cancellation, with as good a match as the best. */
const typed = (quote: string, score: number, localId: number): ScoredCandidate => ({
  ...scored(quote, score, ["cancellation"], localId),
  parts: { ...noParts, coverage: 0.9, answerType: 0.9 },
});

describe("selectClaims", () => {
  it("abstains below the threshold and when there is nothing", () => {
    expect(
      selectClaims([scored("The sky is blue today.", settings.abstainBelow - 0.01, ["sky"])], false, settings),
    ).toMatchObject({
      abstained: true,
      picked: [],
    });
    expect(selectClaims([], false, settings)).toEqual({ picked: [], best: null, abstained: true });
  });

  it("adds a claim only for a new facet of the question, never padding", () => {
    const keyLength = scored("The key length is 256 bits for this cipher.", 1.2, ["key", "length"]);
    const blockSize = scored("The block size is 128 bits for every key.", 1.1, ["block", "size", "key"], 2);
    const sameFacet = scored("Keys of this length are long enough today.", 1.15, ["key", "length"], 3);
    const weak = scored("Block ciphers come in many sizes these days.", 0.5, ["block"], 4);
    const { picked } = selectClaims([sameFacet, weak, keyLength, blockSize], false, settings);
    expect(picked.map((claim) => claim.features.candidate.quote)).toEqual([
      keyLength.features.candidate.quote,
      blockSize.features.candidate.quote,
    ]);
  });

  it("takes no further claim whose only new terms are the question's wording", () => {
    const weights = new Map([
      ["leftover", 0.2],
      ["vertical", 2],
      ["margin", 2],
      ["ratio", 2],
    ]);
    const best = scored("The vertical margin ratio is 2:3 by default.", 1.2, ["vertical", "margin", "ratio"]);
    const wording = scored("The leftover space after the ratio is used up goes to the margin.", 1.1, ["leftover"], 2);
    expect(selectClaims([best, wording], false, settings, undefined, weights).picked).toHaveLength(1);
    // The same word carrying a tenth of the question's weight is a facet of it.
    weights.set("leftover", 1);
    expect(selectClaims([best, wording], false, settings, undefined, weights).picked).toHaveLength(2);
  });

  it("takes a name the first claim's document goes by as said already", () => {
    const best = scored("Package names must be at least two characters long.", 1.2, ["package", "names"]);
    best.namesGiven = new Set(["debian"]);
    const named = scored("Debian triplets are kind of inverted GNU triplets.", 1.1, ["debian"], 2);
    expect(selectClaims([best, named], false, settings).picked).toHaveLength(1);
    best.namesGiven = new Set();
    expect(selectClaims([best, named], false, settings).picked).toHaveLength(2);
  });

  it("after an entry looked up by its name, takes no other entry the question does not name", () => {
    const entry = (name: string, text: string, score: number, lookup: number, at: number): ScoredCandidate => {
      const candidate: AnswerCandidate = {
        kind: "definition",
        quote: text,
        start: at,
        claimText: text,
        context: [],
        subject: name,
      };
      return {
        features: candidateFeatures(candidate),
        localId: 1,
        rank: 1,
        score,
        parts: { ...noParts, tableLookup: lookup },
        matched: new Set(lookup > 0 ? ["default", "solocblen"] : ["default", "barcode"]),
        namesGiven: new Set(),
      };
    };
    const asked = entry("--soloCBlen", "--soloCBlen default: 16 cell barcode length", 1.3, 1, 0);
    const other = entry("--soloBarcodeMate", "--soloBarcodeMate default: 0 barcode mate", 1.2, 0, 60);
    const picked = selectClaims([asked, other], false, settings).picked;
    expect(picked).toEqual([asked]);
    // Without a lookup first, the other entry's new term is a facet as before.
    expect(selectClaims([{ ...asked, parts: noParts }, other], false, settings).picked).toHaveLength(2);
  });

  it("takes another row of a table only for a new value under the column asked about", () => {
    const row = (label: string, cells: [string, string, string], score: number, at: number): ScoredCandidate => {
      const candidate: AnswerCandidate = {
        kind: "table-row",
        quote: `${label} ${cells.join(" ")}`,
        start: at,
        claimText: `For ${label}, Key Length is ${cells[0]}, Block Size is ${cells[1]} and Number of Rounds is ${cells[2]}.`,
        context: ["Key Length", "Block Size", "Number of Rounds"],
        subject: label,
        cells: [
          { header: "Key Length", cell: cells[0] },
          { header: "Block Size", cell: cells[1] },
          { header: "Number of Rounds", cell: cells[2] },
        ],
      };
      return {
        features: candidateFeatures(candidate),
        localId: 1,
        rank: 1,
        score,
        parts: { ...noParts, coverage: 0.7, answerType: 1 },
        matched: new Set(["block", "size", "aes"]),
        namesGiven: new Set(),
      };
    };
    const bits: ScoredCandidate = {
      ...scored("The AES algorithm processes data in blocks of 128 bits.", 1.2, ["block", "aes"], 2),
      parts: { ...noParts, coverage: 0.88, answerType: 0.88 },
    };
    const question = analyseQuestion("What is the block size of AES?", { related: () => [] });
    const rows = [
      row("AES-128", ["4", "4", "10"], 1.3, 0),
      row("AES-192", ["6", "4", "12"], 1.3, 20),
      row("AES-256", ["8", "4", "14"], 1.3, 40),
    ];
    const picked = selectClaims([...rows, bits], true, settings, question).picked.map(
      (claim) => claim.features.candidate.quote,
    );
    // The other rows repeat the block size (4); the sentence gives another value for it.
    expect(picked).toEqual(["AES-128 4 4 10", "The AES algorithm processes data in blocks of 128 bits."]);
  });

  it("skips near-duplicates from overlapping passages", () => {
    const quote = "The AES algorithm uses a fixed block size of 128 bits.";
    const first = scored(quote, 1.2, ["block"], 1);
    const again = scored(quote, 1.2, ["block", "aes"], 2);
    expect(selectClaims([first, again], false, settings).picked).toHaveLength(1);
  });

  it("adds another value of the asked kind with as good a match and a close score, even without a new term", () => {
    const five = typed("Refunds are paid within 5 days of the cancellation.", 1.2, 1);
    const thirty = typed("Customers may cancel within 30 days of purchase.", 1.1, 2);
    expect(selectClaims([five, thirty], true, settings).picked).toHaveLength(2);
    expect(selectClaims([five, thirty], false, settings).picked).toHaveLength(1);
    // Trailing the best by no more than a word met in another form counts ("cancel" for "cancellation").
    const close = typed("Customers may cancel within 30 days of purchase.", 1.2 * settings.match.form + 0.01, 2);
    expect(selectClaims([five, close], true, settings).picked).toHaveLength(2);
    // Over the floor for a further claim, but far enough below the best to be told apart from it.
    const distant = typed("Customers may cancel within 30 days of purchase.", 1.0, 2);
    expect(distant.score).toBeGreaterThanOrEqual(settings.shareOfBest * five.score);
    expect(selectClaims([five, distant], true, settings).picked).toHaveLength(1);
  });

  it("takes no figure that only names a section, a figure or a document for another value", () => {
    const five = typed("Refunds are paid within 5 days of the cancellation.", 1.2, 1);
    const labels = [
      typed("4.2 Cancellation: the rules below apply to every refund.", 1.15, 2),
      typed("Figure 7 shows the cancellation form as it is sent.", 1.12, 3),
      typed("Quote “Docket No. FAA–2020–0746” on the cancellation.", 1.1, 4),
    ];
    expect(selectClaims([five, ...labels], true, settings).picked).toHaveLength(1);
  });
});

describe("namingValues", () => {
  it("finds the figures that only name and leaves out those that measure", () => {
    expect([...namingValues("5.3 Feature-based Approach with 12 layers")]).toEqual([5.3]);
    expect([...namingValues("Figure 6 compares 3 replicas; see Table 2 and Flight 610.")]).toEqual([6, 2, 610]);
    expect([...namingValues("Docket No. FAA–2020–0746 and AD420")].sort((a, b) => a - b)).toEqual([420, 746, 2020]);
    // A month's day and year, a figure glued to its unit, one after a sentence's first word, and a
    // figure also written as a measure stay values.
    expect([...namingValues("On October 29, 2018, it drew 5mA. Approximately 40 hours.")]).toEqual([]);
    expect([...namingValues("Table 3 lists 3 keys.")]).toEqual([]);
  });

  it("lets a value written in words count as another value", () => {
    const five = typed("Refunds are paid within 5 days of the cancellation.", 1.2, 1);
    const thirty = typed("A cancellation is possible within thirty days of purchase.", 1.1, 2);
    expect(selectClaims([five, thirty], true, settings).picked).toHaveLength(2);
  });
});
