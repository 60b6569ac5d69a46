import { describe, expect, it } from "vitest";
import {
  type DocumentTermCount,
  defaultRetrievalTailSettings,
  planQueryTerms,
  rankDocuments,
  selectDocumentTerms,
  selectQueryTerms,
  type TermFrequency,
} from "./common-terms";

const terms = (entries: Record<string, number>): TermFrequency[] =>
  Object.entries(entries).map(([term, documentFrequency]) => ({ term, documentFrequency }));

describe("selectQueryTerms", () => {
  const settings = { ...defaultRetrievalTailSettings, maxTermShare: 0.5, postingBudget: 100, boundFromChunks: 0 };

  it("keeps every term of a small library in question order", () => {
    expect(selectQueryTerms(terms({ voltage: 9, pump: 3, valve: 4 }), 40, settings)).toEqual([
      "voltage",
      "pump",
      "valve",
    ]);
  });

  it("drops terms found in more than the share of chunks and terms found nowhere", () => {
    expect(selectQueryTerms(terms({ system: 700, kalo: 5, nowhere: 0, report: 501 }), 1000, settings)).toEqual([
      "kalo",
    ]);
  });

  it("keeps the rarest terms within the posting budget and drops the most common", () => {
    // 5 + 30 + 60 = 95 fits; adding 80 would not.
    expect(selectQueryTerms(terms({ data: 80, kalo: 5, pump: 60, valve: 30 }), 10_000, settings)).toEqual([
      "kalo",
      "pump",
      "valve",
    ]);
  });

  it("still keeps the rarest occurring term when every term is common", () => {
    expect(selectQueryTerms(terms({ system: 950, report: 610, about: 0 }), 1000, settings)).toEqual(["report"]);
    expect(selectQueryTerms(terms({ budget: 400, market: 300 }), 1000, settings)).toEqual(["market"]);
  });

  it("returns nothing when no term occurs", () => {
    expect(selectQueryTerms(terms({ nowhere: 0 }), 1000, settings)).toEqual([]);
    expect(selectQueryTerms([], 1000, settings)).toEqual([]);
  });

  it("applies the budget only to a library larger than boundFromChunks", () => {
    const frequencies = terms({ data: 80, kalo: 5, pump: 60, valve: 30 });
    const middling = { ...settings, boundFromChunks: 10_000 };
    // The same frequencies as above: at 10,000 chunks the budget is not yet applied ...
    expect(selectQueryTerms(frequencies, 10_000, middling)).toEqual(["data", "kalo", "pump", "valve"]);
    expect(planQueryTerms(terms({ system: 950, report: 610 }), 1000, middling).overBudget).toBe(false);
    // ... one chunk more and it is.
    expect(selectQueryTerms(frequencies, 10_001, middling)).toEqual(["kalo", "pump", "valve"]);
  });

  it("defaults to dropping terms above half the library", () => {
    expect(defaultRetrievalTailSettings.maxTermShare).toBe(0.5);
    expect(selectQueryTerms(terms({ system: 6, pump: 1 }), 10)).toEqual(["pump"]);
  });
});

describe("planQueryTerms", () => {
  const settings = { ...defaultRetrievalTailSettings, maxTermShare: 0.5, postingBudget: 100, boundFromChunks: 0 };

  it("bounds the search only when the kept terms pass the budget, as the fallback's rarest term may", () => {
    expect(planQueryTerms(terms({ kalo: 5, pump: 60 }), 10_000, settings)).toEqual({
      terms: ["kalo", "pump"],
      overBudget: false,
      widened: ["kalo", "pump"],
    });
    expect(planQueryTerms(terms({ system: 950, report: 610 }), 1000, settings)).toEqual({
      terms: ["report"],
      overBudget: true,
      widened: ["report"],
    });
    expect(planQueryTerms(terms({ nowhere: 0 }), 1000, settings)).toEqual({
      terms: [],
      overBudget: false,
      widened: [],
    });
  });

  it("widens to every term under the share that the budget dropped, in question order", () => {
    // 5 + 30 + 60 fit the budget of 100; "debian" (80) does not, "system" (6,000) passes the share.
    const plan = planQueryTerms(terms({ debian: 80, kalo: 5, system: 6000, pump: 60, valve: 30 }), 10_000, settings);
    expect(plan.terms).toEqual(["kalo", "pump", "valve"]);
    expect(plan.widened).toEqual(["debian", "kalo", "pump", "valve"]);
  });
});

describe("selectDocumentTerms", () => {
  it("keeps the widened terms rarest first within the second budget", () => {
    const settings = { ...defaultRetrievalTailSettings, documentPostingBudget: 100 };
    // 5 + 60 fit; with 80 more they would not.
    expect(selectDocumentTerms(terms({ debian: 80, kalo: 5, pump: 60 }), settings)).toEqual(["kalo", "pump"]);
    expect(selectDocumentTerms(terms({ debian: 80, kalo: 5 }), settings)).toEqual(["debian", "kalo"]);
    expect(selectDocumentTerms(terms({ debian: 800, pump: 600 }), settings)).toEqual(["pump"]);
  });
});

describe("rankDocuments", () => {
  const counts = (rows: [string, string, number][]): DocumentTermCount[] =>
    rows.map(([term, documentId, chunks]) => ({ term, documentId, chunks }));

  it("puts first the document that holds the rare words, in many of its chunks", () => {
    const sizes = new Map([
      ["policy", 100],
      ["gzip", 100],
      ["hash", 100],
      ["notes", 100],
    ]);
    const found = counts([
      ["debian", "policy", 90],
      ["compress", "policy", 4],
      ["compress", "gzip", 40],
      ["compress", "hash", 2],
      ["manual", "policy", 10],
      ["manual", "gzip", 10],
      ["manual", "hash", 10],
      ["manual", "notes", 10],
    ]);
    expect(rankDocuments(found, sizes, 2)).toEqual(["policy", "gzip"]);
    // The same count in documents of the same length: a tie, broken by the document's id.
    expect(
      rankDocuments(
        counts([
          ["manual", "policy", 10],
          ["manual", "gzip", 10],
        ]),
        sizes,
        3,
      ),
    ).toEqual(["gzip", "policy"]);
  });

  it("weighs a word's chunks by the document's length", () => {
    const sizes = new Map([
      ["short", 10],
      ["long", 1000],
      ["other", 100],
    ]);
    expect(
      rankDocuments(
        counts([
          ["pump", "short", 5],
          ["pump", "long", 5],
        ]),
        sizes,
        1,
      ),
    ).toEqual(["short"]);
  });

  it("gives nothing for no documents, no limit or documents it has no size for", () => {
    expect(rankDocuments(counts([["pump", "a", 1]]), new Map(), 3)).toEqual([]);
    expect(rankDocuments(counts([["pump", "a", 1]]), new Map([["a", 1]]), 0)).toEqual([]);
    expect(rankDocuments(counts([["pump", "a", 1]]), new Map([["b", 1]]), 3)).toEqual([]);
  });
});
