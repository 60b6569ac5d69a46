import { describe, expect, it } from "vitest";
import { type CurvePoint, chooseThreshold, heldOutFolds, type ScoredClaim } from "./calibrate-abstention";
import { type DevQuestion, loadDevSet } from "./dev-set-schema";

const point = (threshold: number, correct: number, abstained: number): CurvePoint => ({
  threshold,
  correct,
  answerable: 100,
  abstained,
  unanswerable: 20,
});

describe("chooseThreshold", () => {
  it("takes the lowest threshold that abstains on 90% of the unanswerable questions", () => {
    const curve = [point(0.2, 60, 8), point(0.5, 55, 18), point(0.8, 30, 20)];
    expect(chooseThreshold(curve)).toEqual({ point: curve[1], reachedTarget: true });
  });

  it("falls back to the highest balanced accuracy when no threshold reaches the target", () => {
    const curve = [point(0.2, 60, 8), point(0.5, 55, 14), point(0.8, 30, 17)];
    // 0.60 + 0.40, 0.55 + 0.70, 0.30 + 0.85
    expect(chooseThreshold(curve)).toEqual({ point: curve[1], reachedTarget: false });
  });
});

describe("heldOutFolds", () => {
  // Two documents: on a.pdf the right claim scores 0.9 and the near miss 0.5, on b.pdf 0.6 and 0.8.
  const question = (id: string, document: string, category: DevQuestion["category"]): DevQuestion => ({
    id,
    document,
    question: `${id}?`,
    category,
    facts: category === "unanswerable" ? [] : [{ pattern: "fourteen", pages: [1], evidence: "fourteen" }],
  });
  const questions = loadDevSet([
    {
      name: "t.json",
      content: {
        writer: "t",
        questions: [
          question("a-right", "a.pdf", "plain"),
          question("a-miss", "a.pdf", "unanswerable"),
          question("b-right", "b.pdf", "plain"),
          question("b-miss", "b.pdf", "unanswerable"),
        ],
      },
    },
  ]);
  const claim = (document: string, score: number, text: string): ScoredClaim[] => [
    { text, quote: text, cited: [{ filename: document, page: 1 }], score },
  ];
  const claims = [
    claim("a.pdf", 0.9, "It uses fourteen rounds."),
    claim("a.pdf", 0.5, "It uses ten rounds."),
    claim("b.pdf", 0.6, "It uses fourteen rounds."),
    claim("b.pdf", 0.8, "It uses ten rounds."),
  ];
  const retrieved = claims.map((list) =>
    list.map((entry) => ({ ...(entry.cited[0] as { filename: string; page: number }), rank: 1 })),
  );

  it("chooses the threshold on one half of the documents and scores the other half at it", () => {
    const folds = heldOutFolds(questions, claims, retrieved, [0.4, 0.55, 0.65, 0.85]);
    // Chosen on a.pdf (0.55 abstains on its near miss), b.pdf then answers its near miss and keeps its answer.
    expect(folds[0]).toMatchObject({ chosenOn: ["a.pdf"], threshold: 0.55, heldOut: { correct: 1, abstained: 0 } });
    // Chosen on b.pdf (0.85): a.pdf keeps its right answer (0.9) and abstains on its near miss.
    expect(folds[1]).toMatchObject({ chosenOn: ["b.pdf"], threshold: 0.85, heldOut: { correct: 1, abstained: 1 } });
  });
});
