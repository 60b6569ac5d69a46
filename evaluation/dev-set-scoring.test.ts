import { describe, expect, it } from "vitest";
import { checkGold, goldPages } from "./dev-set-gold-check";
import { compactRate, summariseByCategory, summariseDev } from "./dev-set-metrics";
import { listFailures, renderConsoleTable, renderMarkdown } from "./dev-set-report";
import { type DevQuestion, type LoadedDevQuestion, loadDevSet } from "./dev-set-schema";
import { type AnswerClaim, type PageRenderings, type ScoredAnswer, scoreDevQuestion } from "./dev-set-scoring";

function load(...questions: DevQuestion[]): LoadedDevQuestion[] {
  return loadDevSet([{ name: "test.json", content: { writer: "t", questions } }]);
}

const [rounds, twoFact, missing] = load(
  {
    id: "aes-rounds",
    document: "dev/fips.pdf",
    question: "How many rounds does AES-256 use?",
    category: "table-list",
    facts: [{ pattern: "\\b14\\b", pages: [18], evidence: "AES-256 8 4 14" }],
  },
  {
    id: "aes-two",
    document: "dev/fips.pdf",
    question: "What key lengths exist, and how many rounds go with 128 bits?",
    category: "two-fact",
    facts: [
      { pattern: "128, 192,? (or|and) 256", pages: [18], evidence: "128, 192, or 256 bits" },
      { pattern: "Nr = 10", pages: [18, 19], evidence: "Nr = 10 when Nk = 4" },
    ],
  },
  {
    id: "aes-512",
    document: "dev/fips.pdf",
    question: "How many rounds does AES-512 use?",
    category: "unanswerable",
    facts: [],
  },
) as [LoadedDevQuestion, LoadedDevQuestion, LoadedDevQuestion];

const pageTexts: Record<number, string> = {
  18: "The Cipher Key is 128, 192, or 256 bits long.\nAES-256\n8\n4\n14\nwhere Nr =\n10 when Nk = 4.",
  30: "Appendix: other material about rounds.",
};
const pages: PageRenderings = (ref) => (ref.filename === "fips.pdf" ? [pageTexts[ref.page] ?? "", ""] : []);
const noPoppler: PageRenderings = () => undefined;

const claim = (quote: string, page: number, text = quote): AnswerClaim => ({
  text,
  quote,
  cited: [{ filename: "fips.pdf", page }],
});
const answer = (claims: AnswerClaim[], retrievedPages = [18], latencyMs = 5): ScoredAnswer => ({
  claims,
  retrieved: retrievedPages.map((page, k) => ({ filename: "fips.pdf", page, rank: k + 1 })),
  latencyMs,
});

describe("scoreDevQuestion", () => {
  it("counts a fact matched in the claim text even when the quote is only the table row", () => {
    const outcome = scoreDevQuestion(
      rounds,
      answer([claim("AES-256 8 4 14", 18, "AES-256: key length 8 words, 14 rounds")], [30, 18]),
      pages,
    );
    expect(outcome).toMatchObject({
      correct: true,
      atLeastOneFact: true,
      citationPageCorrect: true,
      retrievalHasGold: true,
      goldRank: 2,
      stage: null,
      quotes: { verbatim: 1, checked: 1, unmeasured: 0 },
    });
  });

  it("needs every fact of a two-fact question, and says which one is missing", () => {
    const outcome = scoreDevQuestion(
      twoFact,
      answer([claim("The Cipher Key is 128, 192, or 256 bits long.", 18)]),
      pages,
    );
    expect(outcome.factsMatched).toEqual([true, false]);
    expect(outcome.correct).toBe(false);
    expect(outcome.atLeastOneFact).toBe(true);
    expect(outcome.stage).toBe("wrong-claim");
  });

  it("matches facts split over claims and checks each fact's own pages", () => {
    const both = answer([
      claim("The Cipher Key is 128, 192, or 256 bits long.", 18),
      claim("where Nr = 10 when Nk = 4.", 18),
    ]);
    expect(scoreDevQuestion(twoFact, both, pages)).toMatchObject({
      correct: true,
      citationPageCorrect: true,
      stage: null,
    });
    const wrongPage = answer([
      claim("The Cipher Key is 128, 192, or 256 bits long.", 30),
      claim("where Nr = 10 when Nk = 4.", 18),
    ]);
    const outcome = scoreDevQuestion(twoFact, wrongPage, pages);
    expect(outcome).toMatchObject({ correct: true, citationPageCorrect: false, stage: "page" });
    // The quote is not on page 30, so it is not verbatim there either.
    expect(outcome.quotes).toMatchObject({ verbatim: 1, checked: 2 });
  });

  it("names retrieval as the earliest failing stage when no gold page was retrieved", () => {
    expect(scoreDevQuestion(rounds, answer([], [30]), pages).stage).toBe("retrieval");
    expect(
      scoreDevQuestion(rounds, answer([claim("Appendix: other material about rounds.", 30)], [30]), pages).stage,
    ).toBe("retrieval");
  });

  it("names drafting when the gold page was retrieved but nothing was claimed", () => {
    const outcome = scoreDevQuestion(rounds, answer([]), pages);
    expect(outcome).toMatchObject({
      stage: "drafting-abstained",
      claims: 0,
      citationPageCorrect: null,
      correct: false,
    });
  });

  it("ignores a gold page number in another document", () => {
    const elsewhere: ScoredAnswer = {
      claims: [{ text: "14", quote: "14", cited: [{ filename: "other.pdf", page: 18 }] }],
      retrieved: [{ filename: "other.pdf", page: 18, rank: 1 }],
      latencyMs: 1,
    };
    const outcome = scoreDevQuestion(rounds, elsewhere, pages);
    expect(outcome).toMatchObject({
      correct: true,
      citationPageCorrect: false,
      retrievalHasGold: false,
      stage: "retrieval",
    });
    expect(outcome.quotes.verbatim).toBe(0);
  });

  it("scores an unanswerable question by abstention only", () => {
    expect(scoreDevQuestion(missing, answer([]), pages)).toMatchObject({
      abstained: true,
      stage: null,
      correct: false,
    });
    const answered = scoreDevQuestion(missing, answer([claim("AES-256", 18)]), pages);
    expect(answered).toMatchObject({ abstained: false, stage: "false-answer", retrievalHasGold: null });
  });

  it("marks quotes not measured when poppler is missing, and spacing-only quotes apart", () => {
    expect(scoreDevQuestion(rounds, answer([claim("AES-256 8 4 14", 18)]), noPoppler).quotes).toEqual({
      verbatim: 0,
      spacingOnly: 0,
      checked: 0,
      unmeasured: 1,
    });
    const spaced = scoreDevQuestion(rounds, answer([claim("AES-2568 4 14", 18)]), pages);
    expect(spaced.claimDetails[0]?.quoteMatch).toBe("spacing-only");
    expect(spaced.quotes).toMatchObject({ verbatim: 0, spacingOnly: 1, checked: 1 });
  });
});

describe("summariseDev", () => {
  const outcomes = [
    scoreDevQuestion(rounds, answer([claim("AES-256 8 4 14", 18)], [18], 10), pages),
    scoreDevQuestion(twoFact, answer([claim("The Cipher Key is 128, 192, or 256 bits long.", 18)], [18], 20), pages),
    scoreDevQuestion(missing, answer([], [18], 30), pages),
  ];

  it("counts each rate over its own denominator, with Wilson intervals", () => {
    const metrics = summariseDev(outcomes);
    expect(metrics.correct).toMatchObject({ successes: 1, total: 2 });
    expect(metrics.atLeastOneFact).toMatchObject({ successes: 2, total: 2 });
    expect(metrics.answered).toMatchObject({ successes: 2, total: 2 });
    expect(metrics.abstainedOnUnanswerable).toMatchObject({ successes: 1, total: 1 });
    expect(metrics.citationPageCorrect).toMatchObject({ successes: 2, total: 2 });
    expect(metrics.quotesVerbatim).toMatchObject({ successes: 2, total: 2 });
    expect(metrics.retrievalHasGold).toMatchObject({ successes: 2, total: 2 });
    expect(metrics.claimsOnFact).toMatchObject({ successes: 2, total: 2 });
    expect(metrics.latencyMs).toEqual({ p50: 20, p95: 30 });
    expect(metrics.stages["wrong-claim"]).toBe(1);
    expect(compactRate(metrics.correct)).toBe("1/2 = 50% [9–91]");
  });

  it("counts the claims given to answerable questions that meet no asked fact", () => {
    const padded = scoreDevQuestion(
      rounds,
      answer([claim("AES-256 8 4 14", 18), claim("Appendix: other material about rounds.", 30)], [18, 30]),
      pages,
    );
    // The unanswerable question's claim is a false answer, counted there, not here.
    const falseAnswer = scoreDevQuestion(missing, answer([claim("AES-256", 18)]), pages);
    const metrics = summariseDev([padded, falseAnswer, ...outcomes.slice(1)]);
    expect(metrics.claimsOnFact).toMatchObject({ successes: 2, total: 3 });
    expect(metrics.paddingClaims).toBe(1);
    expect(summariseDev(outcomes).paddingClaims).toBe(0);
  });

  it("reports verbatim as not measured when no claim could be checked", () => {
    const unmeasured = [scoreDevQuestion(rounds, answer([claim("AES-256 8 4 14", 18)]), noPoppler)];
    expect(summariseDev(unmeasured).quotesVerbatim).toBeNull();
    expect(compactRate(null)).toBe("not measured");
  });

  it("splits by category and renders engine and baseline side by side", () => {
    const baseline = [
      scoreDevQuestion(rounds, answer([claim("Appendix: other material about rounds.", 30)], [30]), pages),
      scoreDevQuestion(twoFact, answer([claim("The Cipher Key is 128, 192, or 256 bits long.", 18)]), pages),
      scoreDevQuestion(missing, answer([claim("AES-256", 18)]), pages),
    ];
    const summary = { engine: summariseByCategory(outcomes), baseline: summariseByCategory(baseline) };
    expect(Object.keys(summary.engine.categories)).toEqual(["table-list", "two-fact", "unanswerable"]);
    const table = renderConsoleTable(summary);
    expect(table.split("\n")).toHaveLength(1 + 2 * 4);
    expect(table).toMatch(/table-list\s+1\s+engine\s+1\/1 = 100% \[21–100\]/);
    expect(table).toMatch(/baseline\s+0\/1 = 0% \[0–79\]/);

    const failures = listFailures([rounds, twoFact, missing], outcomes, baseline);
    expect(failures.map((failure) => [failure.id, failure.stage])).toEqual([["aes-two", "wrong-claim"]]);
    expect(failures[0]?.expected.map((fact) => fact.matched)).toEqual([true, false]);
    expect(failures[0]?.baseline).toEqual({
      correct: false,
      sentence: "The Cipher Key is 128, 192, or 256 bits long.",
    });

    const markdown = renderMarkdown(
      { createdAt: "now", configuration: "extractive+none", topK: 8, documents: 1, pages: 40, note: "" },
      summary,
      failures,
    );
    expect(markdown).toContain("### aes-two (two-fact): wrong-claim");
    expect(markdown).toContain("- expected (missed) /Nr = 10/ on p. 18, 19");
  });
});

describe("checkGold", () => {
  it("lists facts whose pattern is not on any of their pages, and checks nothing without poppler", () => {
    const [wrongPage] = load({
      id: "aes-wrong-page",
      document: "dev/fips.pdf",
      question: "How many rounds?",
      category: "plain",
      facts: [{ pattern: "\\b14\\b", pages: [30], evidence: "14" }],
    }) as [LoadedDevQuestion];
    expect(goldPages([rounds, wrongPage])).toEqual([
      { filename: "fips.pdf", page: 18 },
      { filename: "fips.pdf", page: 30 },
    ]);
    expect(checkGold([rounds, twoFact, wrongPage], pages)).toEqual([
      { id: "aes-wrong-page", fact: 1, pattern: "\\b14\\b", pages: [30] },
    ]);
    expect(checkGold([wrongPage], noPoppler)).toEqual([]);
  });
});
