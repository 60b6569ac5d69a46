/**
 * `npm run eval:calibrate`: chooses the answer engine's abstention threshold on the dev set by
 * the procedure in evaluation/README.md ("Choosing the abstention threshold"). It asks every
 * dev-set question once with abstention off, records each claim's score from the answer's
 * trace, then replays every threshold on a 0.01 grid: a part keeps the claims scoring at least the
 * threshold (exactly what the engine would have kept, since selection only ever adds claims
 * in score order above it). It prints the curve and the chosen threshold.
 *
 *   node --import tsx evaluation/calibrate-abstention.ts [--dev-set DIR --corpus DIR]… [--json]
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { AskResponse } from "@audited-rag/core";
import { buildApp } from "../apps/server/src/app";
import { parseConfig } from "../apps/server/src/config";
import { answerEngineSettings } from "../packages/rag/src/answering/answer-engine-settings";
import type { LoadedDevQuestion } from "./dev-set-schema";
import { type ScoredAnswer, scoreDevQuestion } from "./dev-set-scoring";
import { appEnvironment, ask, defaultCorpusDir, readDevSetFolder, uploadDevLibrary } from "./eval-app";
import { wilsonInterval } from "./wilson-interval";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The target of the procedure: abstain on at least this share of the unanswerable questions. */
export const ABSTENTION_TARGET = 0.9;

export interface ScoredClaim {
  text: string;
  quote: string;
  cited: Array<{ filename: string; page: number }>;
  score: number;
}

/** Every claim of a response with its score from the trace (parts whose trace does not line up are left out). */
function scoredClaims(response: AskResponse): ScoredClaim[] {
  const byId = new Map(response.ledger.map((entry) => [entry.id, entry]));
  return response.parts.flatMap((part) => {
    const trace = response.trace?.scores?.find((scores) => scores.part === part.index);
    if (!trace || trace.claims.length !== part.claims.length) return [];
    return part.claims.map((claim, k) => ({
      text: claim.text,
      quote: claim.quote,
      cited: claim.citations.flatMap((id) => {
        const entry = byId.get(id);
        return entry ? [{ filename: entry.filename, page: entry.page }] : [];
      }),
      score: trace.claims[k]?.score ?? Number.NEGATIVE_INFINITY,
    }));
  });
}

export interface CurvePoint {
  threshold: number;
  correct: number;
  answerable: number;
  abstained: number;
  unanswerable: number;
}

/** Correct answers and abstentions at each threshold, replayed from claims scored with abstention off. */
export function abstentionCurve(
  questions: LoadedDevQuestion[],
  claims: ScoredClaim[][],
  retrieved: ScoredAnswer["retrieved"][],
  thresholds: number[],
): CurvePoint[] {
  return thresholds.map((threshold) => {
    let correct = 0;
    let abstained = 0;
    questions.forEach((question, k) => {
      const kept = (claims[k] ?? []).filter((claim) => claim.score >= threshold);
      const outcome = scoreDevQuestion(
        question,
        { claims: kept, retrieved: retrieved[k] ?? [], latencyMs: 0 },
        () => undefined,
      );
      if (question.category === "unanswerable") abstained += kept.length === 0 ? 1 : 0;
      else correct += outcome.correct ? 1 : 0;
    });
    const unanswerable = questions.filter((question) => question.category === "unanswerable").length;
    return { threshold, correct, answerable: questions.length - unanswerable, abstained, unanswerable };
  });
}

/**
 * The written procedure (evaluation/README.md), fixed before the dev set was run: the lowest
 * threshold whose abstention on unanswerable questions reaches the target; correct answers only
 * fall as the threshold rises, so the lowest such threshold keeps the most. When no threshold
 * reaches it, the one with the highest balanced accuracy (share correct + share abstained).
 */
export function chooseThreshold(curve: CurvePoint[]): { point: CurvePoint; reachedTarget: boolean } {
  const reaching = curve.filter((point) => point.abstained >= ABSTENTION_TARGET * point.unanswerable);
  if (reaching.length > 0) {
    const lowest = reaching.reduce((low, point) => (point.threshold < low.threshold ? point : low));
    return { point: lowest, reachedTarget: true };
  }
  const balanced = (point: CurvePoint) => point.correct / point.answerable + point.abstained / point.unanswerable;
  const best = curve.reduce((top, point) => (balanced(point) > balanced(top) ? point : top));
  return { point: best, reachedTarget: false };
}

export interface HeldOutFold {
  /** The documents whose questions chose the threshold. */
  chosenOn: string[];
  threshold: number;
  /** The other documents' questions, at that threshold. */
  heldOut: CurvePoint;
}

/**
 * How well the procedure's threshold carries to documents it was not chosen on: the documents
 * are split in two (alternately, in name order), the threshold is chosen on the questions of
 * one half and the other half is scored at it, then the other way round. Only the threshold is
 * held out: every rule and weight of the engine was written with the whole dev set in view.
 */
export function heldOutFolds(
  questions: LoadedDevQuestion[],
  claims: ScoredClaim[][],
  retrieved: ScoredAnswer["retrieved"][],
  thresholds: number[],
): HeldOutFold[] {
  const documents = [...new Set(questions.map((question) => question.document))].sort();
  const half = (fold: number) => new Set(documents.filter((_, k) => k % 2 === fold));
  return [0, 1].map((fold) => {
    const chosenOn = half(fold);
    const pick = (inside: boolean) => {
      const at = questions.flatMap((question, k) => (chosenOn.has(question.document) === inside ? [k] : []));
      return {
        questions: at.map((k) => questions[k] as LoadedDevQuestion),
        claims: at.map((k) => claims[k] ?? []),
        retrieved: at.map((k) => retrieved[k] ?? []),
      };
    };
    const train = pick(true);
    const test = pick(false);
    const { point } = chooseThreshold(abstentionCurve(train.questions, train.claims, train.retrieved, thresholds));
    const [heldOut] = abstentionCurve(test.questions, test.claims, test.retrieved, [point.threshold]);
    return { chosenOn: [...chosenOn], threshold: point.threshold, heldOut: heldOut as CurvePoint };
  });
}

/** Asks every question of one set on its own library, built in-process, with abstention off. */
async function askSet(
  questions: LoadedDevQuestion[],
  corpusDir: string,
): Promise<{ claims: ScoredClaim[][]; retrieved: ScoredAnswer["retrieved"][] }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-calibrate-"));
  // The threshold override is not passed on: this run replays every threshold itself.
  const environment = { ...appEnvironment("extractive", dataDir), RAG_ANSWER_THRESHOLD: undefined };
  const app = await buildApp(parseConfig(environment), { logger: false });
  const claims: ScoredClaim[][] = [];
  const retrieved: ScoredAnswer["retrieved"][] = [];
  try {
    await uploadDevLibrary(app, questions, corpusDir);
    for (const question of questions) {
      const response = await ask(app, question.id, question.question);
      claims.push(scoredClaims(response));
      retrieved.push(
        response.ledger.map((entry) => ({ filename: entry.filename, page: entry.page, rank: entry.rank })),
      );
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { claims, retrieved };
}

async function main(): Promise<void> {
  // `--dev-set DIR --corpus DIR` may be given several times, paired in order: each set is asked
  // on its own library (as `npm run eval` would), and the threshold is chosen on all of them.
  const { values } = parseArgs({
    options: {
      "dev-set": { type: "string", multiple: true },
      corpus: { type: "string", multiple: true },
      json: { type: "boolean", default: false },
    },
  });
  const devSets = values["dev-set"] ?? [path.join(repoRoot, "evaluation/dev-set")];
  const corpora = values.corpus ?? [defaultCorpusDir(repoRoot)];
  if (devSets.length !== corpora.length) {
    console.error("eval:calibrate: give one --corpus for each --dev-set, in the same order.");
    process.exit(2);
  }
  // Abstention off for the run: every part keeps its best claims, so any threshold can be replayed.
  const chosen = answerEngineSettings.abstainBelow;
  answerEngineSettings.abstainBelow = -1000;
  const questions: LoadedDevQuestion[] = [];
  const claims: ScoredClaim[][] = [];
  const retrieved: ScoredAnswer["retrieved"][] = [];
  for (const [k, devSet] of devSets.entries()) {
    const corpusDir = path.resolve(corpora[k] as string);
    const set = (await readDevSetFolder(path.resolve(devSet))).filter((question) =>
      existsSync(path.join(corpusDir, question.document)),
    );
    const asked = await askSet(set, corpusDir);
    questions.push(...set);
    claims.push(...asked.claims);
    retrieved.push(...asked.retrieved);
  }
  {
    // Every 0.01 from 0 to 2: the trace gives scores to 0.001, and a coarser grid can step over a
    // whole band of answers to the next point past one unanswerable question's score.
    const thresholds = Array.from({ length: 201 }, (_, k) => k / 100);
    const curve = abstentionCurve(questions, claims, retrieved, thresholds);
    const { point, reachedTarget } = chooseThreshold(curve);
    if (values.json) {
      const perQuestion = questions.map((question, k) => ({
        id: question.id,
        category: question.category,
        best: Math.max(Number.NEGATIVE_INFINITY, ...(claims[k] ?? []).map((claim) => claim.score)),
        correct:
          question.category !== "unanswerable" &&
          scoreDevQuestion(
            question,
            { claims: claims[k] ?? [], retrieved: retrieved[k] ?? [], latencyMs: 0 },
            () => undefined,
          ).correct,
      }));
      process.stdout.write(
        `${JSON.stringify({ curve, chosen: point, reachedTarget, current: chosen, questions: perQuestion }, null, 2)}\n`,
      );
      return;
    }
    const rate = (k: number, n: number) => {
      const { low, high } = wilsonInterval(k, n);
      return `${k}/${n} = ${Math.round((100 * k) / n)}% [${Math.round(100 * low)}–${Math.round(100 * high)}]`;
    };
    console.log("threshold  correct (answerable)        abstained (unanswerable)");
    // The curve in steps of 0.05, and the chosen point.
    for (const p of curve.filter((each) => Math.round(each.threshold * 100) % 5 === 0 || each === point)) {
      console.log(
        `${p.threshold.toFixed(2).padStart(9)}  ${rate(p.correct, p.answerable).padEnd(26)}  ${rate(p.abstained, p.unanswerable)}`,
      );
    }
    console.log(
      `\nChosen threshold ${point.threshold.toFixed(2)} (${reachedTarget ? `lowest reaching ${ABSTENTION_TARGET * 100}% abstention` : "target not reached: highest balanced accuracy"}); settings now ${chosen}.`,
    );
    // How far the procedure carries to documents it did not see (only the threshold is held out).
    const folds = heldOutFolds(questions, claims, retrieved, thresholds);
    console.log("\nThreshold chosen on half the documents, scored on the other half:");
    for (const fold of folds) {
      console.log(
        `  chosen on ${fold.chosenOn.map((name) => path.basename(name)).join(", ")}: ${fold.threshold.toFixed(2)}; ` +
          `held out: correct ${rate(fold.heldOut.correct, fold.heldOut.answerable)}, abstained ${rate(fold.heldOut.abstained, fold.heldOut.unanswerable)}`,
      );
    }
    const sum = (pick: (point: CurvePoint) => number) => folds.reduce((total, fold) => total + pick(fold.heldOut), 0);
    console.log(
      `  both halves held out: correct ${rate(
        sum((p) => p.correct),
        sum((p) => p.answerable),
      )}, abstained ${rate(
        sum((p) => p.abstained),
        sum((p) => p.unanswerable),
      )}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
