import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AskResponse, containsNormalized, normalizeForMatch } from "@audited-rag/core";
import type { Drafter } from "../../packages/rag/src/drafting/drafter";
import { DocumentIngestor } from "../../packages/rag/src/ingest/document-ingestor";
import { SqliteVectorIndex } from "../../packages/rag/src/retrieval/sqlite-vector-index";
import { RAGService } from "../../packages/rag/src/service";
import { sha256Hex } from "../../packages/rag/src/store/chunk-record";
import { MetadataStore } from "../../packages/rag/src/store/metadata-store";

/** A development question: answerable ones name the document, gold pages and a fact a right quote contains. */
export interface DevQuestion {
  question: string;
  /** Absent for a question no document answers. */
  answer?: { document: string; pages: number[]; fact: string };
}

export interface DevDocument {
  filename: string;
  bytes: Uint8Array;
}

/** What happened to one question: its claims, and which of them cite a gold page with the gold fact. */
export interface DevOutcome {
  question: DevQuestion;
  claims: Array<{ quote: string; filename: string; page: number; correct: boolean }>;
  /** Best 1-based rank of a passage from a gold page, or null. */
  goldRank: number | null;
  /** Claims the service's validator dropped (quote not in the passage, not self-contained …). */
  dropped: number;
}

export interface DevScores {
  answered: number;
  correct: number;
  answerable: number;
  refused: number;
  unanswerable: number;
  correctClaims: number;
  claims: number;
}

/**
 * Runs questions through the embedded pipeline the server wires by default (SQLite store, FTS5
 * index, no embedder, the given drafter) over the given documents, all in one pool as users ask.
 */
export async function runDevSet(
  drafter: Drafter,
  documents: DevDocument[],
  questions: DevQuestion[],
  topK = 8,
): Promise<DevOutcome[]> {
  const dataDir = await mkdtemp(join(tmpdir(), "audited-rag-dev-set-"));
  const store = MetadataStore.open(dataDir);
  const index = new SqliteVectorIndex(store.database);
  const ingestor = new DocumentIngestor({ store, index, extractTimeoutMs: 60_000 });
  try {
    for (const [k, document] of documents.entries()) {
      const tempPath = join(dataDir, `upload-${k}.pdf`);
      await writeFile(tempPath, document.bytes);
      const { filename, bytes } = document;
      await (await ingestor.ingest({ tempPath, filename, sha256: sha256Hex(bytes), bytes: bytes.byteLength })).done;
    }
    const service = new RAGService({
      chunks: store,
      answers: store,
      index,
      drafter,
      topK,
      jev: { mode: "off", model: "none", threshold: 0.9, budgetMs: 5000 },
    });
    const outcomes: DevOutcome[] = [];
    for (const question of questions) {
      outcomes.push(score(question, await service.ask({ question: question.question, jevMode: "off" })));
    }
    return outcomes;
  } finally {
    await ingestor.close();
    store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function score(question: DevQuestion, response: AskResponse): DevOutcome {
  const gold = question.answer;
  const onGoldPage = (entry: { filename: string; page: number }) =>
    gold !== undefined && entry.filename === gold.document && gold.pages.includes(entry.page);
  const claims = response.parts.flatMap((part) =>
    part.claims.map((claim) => {
      const cited = response.ledger.find((entry) => entry.id === claim.citations[0]);
      const filename = cited?.filename ?? "";
      const page = cited?.page ?? 0;
      const correct =
        gold !== undefined && onGoldPage({ filename, page }) && containsNormalized(claim.quote, gold.fact);
      return { quote: normalizeForMatch(claim.quote), filename, page, correct };
    }),
  );
  const goldRanks = response.ledger.filter(onGoldPage).map((entry) => entry.rank);
  const goldRank = goldRanks.length > 0 ? Math.min(...goldRanks) : null;
  return { question, claims, goldRank, dropped: response.dropped.length };
}

/** The dev set's counts: answer and correct-answer rate, refusals, claim precision. */
export function devScores(outcomes: DevOutcome[]): DevScores {
  const answerable = outcomes.filter((outcome) => outcome.question.answer !== undefined);
  const unanswerable = outcomes.filter((outcome) => outcome.question.answer === undefined);
  return {
    answered: answerable.filter((outcome) => outcome.claims.length > 0).length,
    correct: answerable.filter((outcome) => outcome.claims.some((claim) => claim.correct)).length,
    answerable: answerable.length,
    refused: unanswerable.filter((outcome) => outcome.claims.length === 0).length,
    unanswerable: unanswerable.length,
    correctClaims: answerable.reduce((sum, outcome) => sum + outcome.claims.filter((c) => c.correct).length, 0),
    claims: answerable.reduce((sum, outcome) => sum + outcome.claims.length, 0),
  };
}
