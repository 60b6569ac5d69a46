import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ExtractiveDrafter } from "../../packages/rag/src/drafting/extractive-drafter";
import { buildDevDocuments } from "./invented-documents";
import { devCorpusFiles, devQuestions } from "./invented-questions";
import { type DevOutcome, devScores, runDevSet } from "./run-invented-set";

// A regression set of invented PDFs (and, when present, the public PDFs of ../shared/corpus):
// the development set the old sentence-picking drafter was tuned on, kept so the answer engine
// does not lose what that drafter got right. The engine's settings are chosen on the
// real-document dev set instead (evaluation/README.md).
const corpusDir = resolve(process.cwd(), "../shared/corpus");
const corpusPresent = devCorpusFiles.every((file) => existsSync(resolve(corpusDir, file)));
if (!corpusPresent)
  console.warn(`shared corpus not found at ${corpusDir}: the dev set runs on invented documents only`);

async function run(withCorpus: boolean): Promise<DevOutcome[]> {
  const documents = await buildDevDocuments();
  if (withCorpus) {
    for (const file of devCorpusFiles) {
      documents.push({ filename: file, bytes: new Uint8Array(await readFile(resolve(corpusDir, file))) });
    }
  }
  const questions = devQuestions.filter((question) => withCorpus || !question.corpus);
  return runDevSet(new ExtractiveDrafter(), documents, questions);
}

/** Lines naming the questions that went wrong, so a failing floor says where. */
const misses = (outcomes: DevOutcome[]) =>
  outcomes
    .filter((outcome) =>
      outcome.question.answer ? !outcome.claims.some((claim) => claim.correct) : outcome.claims.length > 0,
    )
    .map((outcome) => `${outcome.question.question} -> ${outcome.claims.map((claim) => claim.quote).join(" | ")}`);

describe("the extractive drafter on its development set", () => {
  it("answers the invented documents, refuses their near misses and keeps every claim valid", async () => {
    const outcomes = await run(false);
    const scores = devScores(outcomes);
    const context = misses(outcomes).join("\n");
    expect(scores.answerable + scores.unanswerable, context).toBe(29);
    expect(scores.correct, context).toBeGreaterThanOrEqual(17);
    expect(scores.answered - scores.correct, context).toBe(0);
    expect(scores.refused, context).toBeGreaterThanOrEqual(9);
    expect(scores.correctClaims / scores.claims, context).toBeGreaterThanOrEqual(0.85);
    expect(outcomes.every((outcome) => outcome.dropped === 0)).toBe(true);
  });

  it.skipIf(!corpusPresent)(
    "adds the shared corpus and still answers, refuses and cites (needs ../shared/corpus)",
    async () => {
      const outcomes = await run(true);
      const scores = devScores(outcomes);
      const context = misses(outcomes).join("\n");
      expect(scores.answerable + scores.unanswerable, context).toBe(59);
      // 38 before the bounded retrieval tail (issue 15) left one passage out of the top k.
      expect(scores.correct, context).toBeGreaterThanOrEqual(37);
      expect(scores.refused, context).toBeGreaterThanOrEqual(14);
      expect(scores.correctClaims / scores.claims, context).toBeGreaterThanOrEqual(0.7);
      expect(outcomes.every((outcome) => outcome.dropped === 0)).toBe(true);
    },
  );
});
