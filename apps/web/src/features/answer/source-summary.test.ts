import { describe, expect, it } from "vitest";
import { observeResponse, repairResponse } from "../../fixtures/ask-responses";
import { describeOcr, describeRetrieval, formatSourceCounts, partSources } from "./source-summary";

describe("partSources", () => {
  it("counts the passages a part cites and retrieved", () => {
    const response = observeResponse();
    const [first, second] = response.parts;
    if (!first || !second) throw new Error("fixture has two parts");
    expect(formatSourceCounts(partSources(response.ledger, first))).toBe("1 cited · 2 found");
    expect(formatSourceCounts(partSources(response.ledger, second))).toBe("1 cited · 1 found");
  });

  it("counts displayed citations only, after a repair", () => {
    const response = repairResponse();
    const first = response.parts[0];
    if (!first) throw new Error("fixture has a first part");
    const sources = partSources(response.ledger, first);
    expect(sources.cited.map((entry) => entry.id)).toEqual([1]);
    expect(sources.uncited.map((entry) => entry.id)).toEqual([2]);
  });

  it("includes a cited passage that the ledger filed under another part", () => {
    const response = observeResponse();
    const second = response.parts[1];
    if (!second?.claims[0]) throw new Error("fixture has a second claim");
    second.claims[0].citations = [1];
    expect(partSources(response.ledger, second).cited.map((entry) => entry.id)).toEqual([1]);
  });
});

describe("describeRetrieval", () => {
  it("shows rank, score and the per-retriever ranks present", () => {
    const [entry] = observeResponse().ledger;
    if (!entry) throw new Error("fixture has a ledger");
    expect(describeRetrieval(entry)).toBe("rank 1 · score 0.83 · BM25 #1");
    expect(describeRetrieval({ ...entry, ranks: { bm25: 1, dense: 4 } })).toBe(
      "rank 1 · score 0.83 · BM25 #1 · dense #4",
    );
  });
});

describe("describeOcr", () => {
  it("names the OCR confidence of a passage from a scanned page, and nothing otherwise", () => {
    expect(describeOcr({ ocr: { confidence: 0.8666 } })).toBe("Read by OCR, confidence 0.87");
    expect(describeOcr({})).toBeNull();
  });
});
