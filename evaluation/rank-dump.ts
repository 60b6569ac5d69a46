/**
 * `npm run eval:ranks`: for reading failures, not for figures. Ingests the dev set's library
 * as `npm run eval` does, asks every question with abstention off and writes, per question, the
 * engine's ten (`--top N`) best candidates with their scores and parts and whether each one's
 * text meets a gold fact pattern, to evaluation/results/eval-ranks.json; it prints how often the
 * best candidate meets a fact and where the first such candidate ranks. `--passages` also prints
 * each retrieved passage's text.
 *
 *   node --import tsx evaluation/rank-dump.ts [--corpus DIR] [--dev-set DIR] [--only ID-PREFIX] [--top N] [--passages]
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildApp } from "../apps/server/src/app";
import { parseConfig } from "../apps/server/src/config";
import { AnswerEngine, type RankedPart } from "../packages/rag/src/answering/answer-engine";
import { answerEngineSettings } from "../packages/rag/src/answering/answer-engine-settings";
import type { LoadedDevQuestion } from "./dev-set-schema";
import { appEnvironment, ask, defaultCorpusDir, readDevSetFolder, uploadDevLibrary } from "./eval-app";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: defaultCorpusDir(repoRoot) },
    "dev-set": { type: "string", default: path.join(repoRoot, "evaluation/dev-set") },
    only: { type: "string" },
    top: { type: "string", default: "10" },
    passages: { type: "boolean", default: false },
  },
});
const top = Number(values.top);
if (!Number.isInteger(top) || top < 1) throw new Error(`--top wants a whole number of candidates, got "${values.top}"`);
const corpusDir = path.resolve(values.corpus);
const devSetDir = path.resolve(values["dev-set"]);

const captured: RankedPart[] = [];
const rankOriginal = AnswerEngine.prototype.rank;
AnswerEngine.prototype.rank = function capture(this: AnswerEngine, part) {
  const ranked = rankOriginal.call(this, part);
  if (values.passages)
    for (const passage of part.passages)
      console.log(`passage ${passage.localId} (${passage.source}):`, JSON.stringify(passage.text));
  captured.push(ranked);
  return ranked;
};

/** The indexes of the gold facts whose pattern the candidate's claim or quote meets. */
function factsMet(question: LoadedDevQuestion, candidate: Scored): number[] {
  const text = `${candidate.features.candidate.claimText}\n${candidate.features.candidate.quote}`;
  return question.patterns.flatMap((pattern, k) => (pattern.test(text) ? [k] : []));
}

type Scored = RankedPart["scored"][number];

/** What the dump says of one candidate: its score (rounded for reading, or as computed), where it came from, its claim, its parts. */
function describeCandidate(question: LoadedDevQuestion, candidate: Scored, round: boolean) {
  const rounded = (value: number, places: number) => (round ? Math.round(value * places) / places : value);
  return {
    score: rounded(candidate.score, 1000),
    meets: factsMet(question, candidate),
    kind: candidate.features.candidate.kind,
    rank: candidate.rank,
    claim: candidate.features.candidate.claimText.slice(0, 220),
    parts: Object.fromEntries(Object.entries(candidate.parts).map(([name, value]) => [name, rounded(value, 100)])),
  };
}

async function main(): Promise<void> {
  if (!existsSync(corpusDir)) {
    console.log(`eval:ranks skipped: no corpus at ${corpusDir}.`);
    return;
  }
  const all = await readDevSetFolder(devSetDir);
  const selected = all.filter((question) => values.only === undefined || question.id.startsWith(values.only));
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-ranks-"));
  const config = parseConfig({ ...appEnvironment("extractive", dataDir), RAG_ANSWER_THRESHOLD: "-10" });
  const app = await buildApp(config, { logger: false });
  const rows: unknown[] = [];
  const everyCandidate: unknown[] = [];
  let topRight = 0;
  let answerable = 0;
  const firstRight: number[] = [];
  try {
    await uploadDevLibrary(app, all, corpusDir);
    for (const question of selected) {
      captured.length = 0;
      await ask(app, question.id, question.question);
      const parts = captured.map((ranked) => {
        const sorted = [...ranked.scored].sort((a, b) => b.score - a.score).slice(0, top);
        return sorted.map((candidate) => describeCandidate(question, candidate, true));
      });
      everyCandidate.push({
        id: question.id,
        document: question.document,
        category: question.category,
        parts: captured.map((ranked) =>
          ranked.scored.map((candidate) => describeCandidate(question, candidate, false)),
        ),
      });
      const flat = parts.flat();
      if (question.category !== "unanswerable") {
        answerable++;
        if ((parts[0]?.[0]?.meets.length ?? 0) > 0) topRight++;
        const k = (parts[0] ?? []).findIndex((candidate) => candidate.meets.length > 0);
        firstRight.push(k);
      }
      rows.push({
        id: question.id,
        category: question.category,
        question: question.question,
        terms: captured[0]?.question.terms.map((term) => `${term.surface}${term.named ? "*" : ""}`).join(" "),
        type: captured[0]?.question.type,
        best: flat.length > 0 ? Math.max(...flat.map((candidate) => candidate.score)) : null,
        parts,
      });
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const results = path.join(repoRoot, "evaluation/results");
  await mkdir(results, { recursive: true });
  await writeFile(path.join(results, "eval-ranks.json"), `${JSON.stringify(rows, null, 2)}\n`);
  await writeFile(path.join(results, "eval-candidates.json"), `${JSON.stringify(everyCandidate)}\n`);
  const histogram = new Map<number, number>();
  for (const k of firstRight) histogram.set(k, (histogram.get(k) ?? 0) + 1);
  console.log(`Threshold ${answerEngineSettings.abstainBelow} set aside. Answerable questions: ${answerable}.`);
  console.log(`Best candidate of the first part meets a fact: ${topRight}/${answerable}.`);
  // The operating point that matters: top-1 right at the lowest threshold that still abstains on 90% of unanswerables.
  const bests = rows as Array<{
    category: string;
    best: number | null;
    parts: Array<Array<{ meets: number[]; score: number }>>;
  }>;
  const unanswerable = bests.filter((row) => row.category === "unanswerable").map((row) => row.best ?? -99);
  const thresholds = [...new Set(unanswerable.map((best) => best + 1e-9))].concat([-99]).sort((a, b) => a - b);
  for (const threshold of thresholds) {
    const abstained = unanswerable.filter((best) => best < threshold).length;
    if (abstained < 0.9 * unanswerable.length) continue;
    const right = bests.filter(
      (row) =>
        row.category !== "unanswerable" && (row.parts[0]?.[0]?.meets.length ?? 0) > 0 && (row.best ?? -99) >= threshold,
    ).length;
    console.log(
      `At threshold ${threshold.toFixed(3)}: abstained ${abstained}/${unanswerable.length}, best candidate right and kept ${right}/${answerable}.`,
    );
    break;
  }
  console.log(
    `First candidate meeting a fact, by position (-1 = none in the ten best): ${[...histogram]
      .sort((a, b) => a[0] - b[0])
      .map(([k, n]) => `${k}:${n}`)
      .join(" ")}`,
  );
}

await main();
