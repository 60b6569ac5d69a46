import type { AskResponse } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { compareWithBaseline, formatComparison, parseBaseline, toBaselineEntry } from "./eval-baseline";
import type { EvalQuestion } from "./eval-questions";
import { scoreQuestion, summarise } from "./eval-scoring";

const answerable: EvalQuestion = {
  id: "fee",
  question: "What is the late fee?",
  answerable: true,
  source: "generated",
  document: "policy.pdf",
  pages: [2],
  gold: "12 euros",
};
const unanswerable: EvalQuestion = { id: "moons", question: "How many moons?", answerable: false };

function entry(id: number, page: number, filename = "policy.pdf") {
  return {
    id,
    part: 0,
    rank: id,
    documentId: "d1",
    filename,
    page,
    chunkId: `c${id}`,
    text: `text ${id}`,
    sha256: "0".repeat(64),
    score: 1,
    cited: false,
    ranks: { bm25: id },
  };
}

function response(options: {
  claims?: Array<{ quote: string; citations: number[] }>;
  ledgerPages?: number[];
  dropped?: number;
}): AskResponse {
  const claims = (options.claims ?? []).map((claim, index) => ({
    id: `p0c${index + 1}`,
    text: claim.quote,
    quote: claim.quote,
    citations: claim.citations,
    draftCitations: claim.citations,
    audit: null,
  }));
  return {
    id: "a1",
    question: "q",
    createdAt: "2024-01-01T00:00:00.000Z",
    jev: { mode: "off", model: "jev-1.13.0", threshold: 0.9, budgetMs: 5000 },
    parts: [{ index: 0, question: "q", status: claims.length > 0 ? "answered" : "abstained", claims }],
    notAnswered: [],
    dropped: Array.from({ length: options.dropped ?? 0 }, () => ({
      part: 0,
      text: "x",
      reason: "quote_not_in_passage" as const,
    })),
    ledger: (options.ledgerPages ?? []).map((page, index) => entry(index + 1, page)),
    usage: { jevRequests: 0, inputTokens: 0, outputTokens: 0 },
    timings: { retrievalMs: 1, draftMs: 1, auditMs: 0, totalMs: 3 },
  };
}

describe("scoreQuestion", () => {
  it("counts a claim as correct only when it cites a gold page and quotes the gold fact", () => {
    const outcome = scoreQuestion(
      answerable,
      response({
        ledgerPages: [1, 2],
        claims: [
          { quote: "Late cancellations incur a fee of 12\neuros.", citations: [2] },
          { quote: "Late cancellations incur a fee of 12 euros.", citations: [1] },
          { quote: "Fees are listed on page two.", citations: [2] },
        ],
      }),
    );
    expect(outcome).toMatchObject({ verdict: "correct", stage: null, goldRank: 2, claims: 3, correctClaims: 1 });
    expect(outcome.claimDetails.map((claim) => claim.correct)).toEqual([true, false, false]);
    expect(outcome.cited).toEqual(["policy.pdf p.2", "policy.pdf p.1"]);
  });

  it("names the earliest stage that produced no answer", () => {
    expect(scoreQuestion(answerable, response({ ledgerPages: [1, 3] })).stage).toBe("retrieval");
    expect(scoreQuestion(answerable, response({ ledgerPages: [1, 3], dropped: 2 })).stage).toBe("retrieval");
    expect(scoreQuestion(answerable, response({ ledgerPages: [2] })).stage).toBe("drafting");
    expect(scoreQuestion(answerable, response({ ledgerPages: [2], dropped: 1 })).stage).toBe("validation");
  });

  it("treats any claim on an unanswerable question as a false answer", () => {
    expect(scoreQuestion(unanswerable, response({ ledgerPages: [1] })).verdict).toBe("refused");
    const answered = scoreQuestion(
      unanswerable,
      response({ ledgerPages: [1], claims: [{ quote: "x", citations: [1] }] }),
    );
    expect(answered).toMatchObject({ verdict: "false_answer", correctClaims: 0, goldRank: null });
  });
});

describe("summarise", () => {
  it("gives every rate its denominator and interval", () => {
    const outcomes = [
      scoreQuestion(
        answerable,
        response({ ledgerPages: [2], claims: [{ quote: "a fee of 12 euros", citations: [1] }] }),
      ),
      scoreQuestion(answerable, response({ ledgerPages: [1, 1, 2] })),
      scoreQuestion(answerable, response({ ledgerPages: [1] })),
      scoreQuestion(unanswerable, response({ ledgerPages: [1] })),
    ];
    const metrics = summarise(outcomes);
    expect(metrics.recallAtK).toMatchObject({ successes: 2, total: 3 });
    expect(metrics.recallAt1).toMatchObject({ successes: 1, total: 3 });
    expect(metrics.recallAt3).toMatchObject({ successes: 2, total: 3 });
    expect(metrics.answerRate).toMatchObject({ successes: 1, total: 3 });
    expect(metrics.correctAnswerRate).toMatchObject({ successes: 1, total: 3 });
    expect(metrics.refusalRate).toMatchObject({ successes: 1, total: 1, rate: 1, high: 1 });
    expect(metrics.citationPrecision).toMatchObject({ successes: 1, total: 1 });
    expect(metrics.stages).toEqual({ retrieval: 1, drafting: 1, validation: 0 });
    expect(metrics.answerRate.low).toBeGreaterThan(0);
    expect(metrics.answerRate.high).toBeLessThan(1);
  });
});

describe("baseline comparison", () => {
  it("reports rate deltas and questions whose outcome changed", () => {
    const before = [
      scoreQuestion(answerable, response({ ledgerPages: [2] })),
      scoreQuestion(unanswerable, response({ ledgerPages: [1] })),
    ];
    const after = [
      scoreQuestion(answerable, response({ ledgerPages: [2], claims: [{ quote: "fee of 12 euros", citations: [1] }] })),
      scoreQuestion({ ...unanswerable, id: "new" }, response({ ledgerPages: [1] })),
    ];
    const baseline = parseBaseline(
      JSON.parse(JSON.stringify({ configurations: { x: toBaselineEntry("t0", true, summarise(before), before) } })),
    ).configurations.x;
    const comparison = compareWithBaseline(
      baseline as NonNullable<typeof baseline>,
      toBaselineEntry("t1", false, summarise(after), after),
    );
    const answerRate = comparison.metrics.find((metric) => metric.label.startsWith("answer rate"));
    expect(answerRate?.deltaPoints).toBeCloseTo(100);
    expect(comparison.changed).toEqual([
      { id: "fee", before: "no_answer at drafting, gold rank 1", after: "correct, gold rank 1" },
    ]);
    expect(comparison.added).toEqual(["new"]);
    expect(comparison.removed).toEqual(["moons"]);
    expect(comparison.notes).toHaveLength(1);
    expect(formatComparison(comparison).join("\n")).toContain("fee: no_answer at drafting");
  });
});
