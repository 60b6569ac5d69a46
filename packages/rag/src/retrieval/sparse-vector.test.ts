import { describe, expect, it } from "vitest";
import { BM25_DEFAULTS, documentSparseVector, fnv1a32, querySparseVector, tokenize } from "./sparse-vector";

function weightOf(vector: { indices: number[]; values: number[] }, term: string): number | undefined {
  const position = vector.indices.indexOf(fnv1a32(term));
  return position === -1 ? undefined : vector.values[position];
}

describe("tokenize", () => {
  it("lowercases, splits on non-word characters and drops stopwords and single letters", () => {
    expect(tokenize("What is the Notice-Period of a TENANCY?")).toEqual(["notice", "period", "tenancy"]);
  });

  it("folds accents and keeps letters of any script and numbers", () => {
    expect(tokenize("Zürich café, Москва 2024 x 7")).toEqual(["zurich", "cafe", "москва", "2024", "7"]);
  });

  it("folds plurals lightly and the same way for text and queries", () => {
    expect(tokenize("policies classes tenants status bus")).toEqual(["policy", "class", "tenant", "status", "bus"]);
  });
});

describe("fnv1a32", () => {
  it("matches the published FNV-1a test values and stays within uint32", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
    expect(fnv1a32("москва")).toBeLessThanOrEqual(0xffffffff);
  });
});

describe("documentSparseVector", () => {
  it("has unique, sorted indices and one value each", () => {
    const vector = documentSparseVector("rent rent rent deposit notice notice");
    expect(vector.indices.length).toBe(3);
    expect(new Set(vector.indices).size).toBe(3);
    expect([...vector.indices].sort((a, b) => a - b)).toEqual(vector.indices);
    expect(vector.values.length).toBe(vector.indices.length);
  });

  it("saturates term frequency below k1 + 1", () => {
    const vector = documentSparseVector(`${"rent ".repeat(50)}deposit`);
    const rent = weightOf(vector, "rent") as number;
    const deposit = weightOf(vector, "deposit") as number;
    expect(rent).toBeGreaterThan(deposit);
    expect(rent).toBeLessThan(BM25_DEFAULTS.k1 + 1);
  });

  it("weighs a term lower in a longer passage", () => {
    const short = documentSparseVector("rent is due monthly");
    const long = documentSparseVector(`rent is due monthly ${"filler words here ".repeat(80)}`);
    expect(weightOf(long, "rent") as number).toBeLessThan(weightOf(short, "rent") as number);
  });

  it("follows the BM25 formula with the given settings", () => {
    const settings = { k1: 1.2, b: 0.75, averageLength: 4 };
    // 4 tokens, average length 4: the length norm is 1, so tf=2 gives 2·2.2/(2+1.2).
    const vector = documentSparseVector("rent rent deposit notice", settings);
    expect(weightOf(vector, "rent")).toBeCloseTo((2 * 2.2) / 3.2, 10);
  });

  it("is empty for text made only of stopwords", () => {
    expect(documentSparseVector("the and of it")).toEqual({ indices: [], values: [] });
  });
});

describe("querySparseVector", () => {
  it("gives weight 1 to each distinct term", () => {
    const vector = querySparseVector("rent rent deposit?");
    expect(vector.values).toEqual([1, 1]);
    expect(weightOf(vector, "rent")).toBe(1);
    expect(weightOf(vector, "deposit")).toBe(1);
  });
});
