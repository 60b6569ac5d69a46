import { describe, expect, it } from "vitest";
import { defaultRetrievalTailSettings, planQueryTerms, selectQueryTerms, type TermFrequency } from "./common-terms";

const terms = (entries: Record<string, number>): TermFrequency[] =>
  Object.entries(entries).map(([term, documentFrequency]) => ({ term, documentFrequency }));

describe("selectQueryTerms", () => {
  const settings = { maxTermShare: 0.5, postingBudget: 100, boundFromChunks: 0 };

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
  const settings = { maxTermShare: 0.5, postingBudget: 100, boundFromChunks: 0 };

  it("bounds the search only when the kept terms pass the budget, as the fallback's rarest term may", () => {
    expect(planQueryTerms(terms({ kalo: 5, pump: 60 }), 10_000, settings)).toEqual({
      terms: ["kalo", "pump"],
      overBudget: false,
    });
    expect(planQueryTerms(terms({ system: 950, report: 610 }), 1000, settings)).toEqual({
      terms: ["report"],
      overBudget: true,
    });
    expect(planQueryTerms(terms({ nowhere: 0 }), 1000, settings)).toEqual({ terms: [], overBudget: false });
  });
});
