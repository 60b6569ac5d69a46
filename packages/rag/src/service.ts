import {
  type AnswerAuditor,
  type AnswerPart,
  type AskRequest,
  type AskResponse,
  type AuditClaimResult,
  type DocumentInfo,
  type DroppedClaim,
  type JevMode,
  NoDocumentsError,
  NotFoundError,
} from "@audited-rag/core";
import { applyAudit } from "./answer/apply-audit";
import { buildLedger, type LedgerPart, type RetrievedPassage } from "./answer/build-ledger";
import { splitQuestion } from "./answer/split-question";
import { validateDraft } from "./answer/validate-draft";
import type { DraftClaim, Drafter, DraftPart, DraftPartInput } from "./drafting/drafter";
import type { Embedder } from "./embedding/embedder";
import type { SearchHit, VectorIndex } from "./retrieval/vector-index";
import type { ChunkRecord } from "./store/chunk-record";

/** Where the service reads chunk text and document readiness (the SQLite `MetadataStore`). */
export interface ChunkSource {
  /** The chunks with these ids that exist, in any order. */
  getChunks(ids: string[]): ChunkRecord[];
  /** Every ready document without an argument; with ids, those of them that exist and are ready. */
  readyDocumentIds(ids?: string[]): string[];
  /** The document with this id whatever its status, so an unknown id can be told from an unready one. */
  getDocument(id: string): Pick<DocumentInfo, "status"> | undefined;
}

/** Where answers are kept for `GET /api/answers/:id`. */
export interface AnswerArchive {
  /** May settle later (e.g. when another process writes it); the answer is returned only once it is kept. */
  saveAnswer(response: AskResponse): void | Promise<void>;
}

/** The auditor settings echoed in every response. */
export interface JevSettings {
  mode: JevMode;
  model: string;
  threshold: number;
  budgetMs: number;
}

export interface RAGServiceOptions {
  chunks: ChunkSource;
  answers: AnswerArchive;
  index: VectorIndex;
  /** Set when dense retrieval is on: each part's question is embedded for the index. */
  embedder?: Embedder;
  drafter: Drafter;
  /** Set when the Jev auditor is configured. */
  auditor?: AnswerAuditor;
  /** Passages retrieved per question part. */
  topK: number;
  jev: JevSettings;
}

/** An ask whose `jevMode` the server has already resolved against the configured mode. */
export type ServiceAskRequest = AskRequest & { jevMode: JevMode };

interface DocumentScope {
  /** Passed to the index; undefined searches every document. */
  filter?: string[];
  ready: ReadonlySet<string>;
}

interface CheckedPart {
  /** Set when the drafter failed on this part. */
  error?: string;
  claims: DraftClaim[];
}

const elapsed = (since: number) => performance.now() - since;

/**
 * Answers a question over the uploaded documents: split, retrieve per part, draft, validate,
 * number the ledger, audit, store. Every step but retrieval, drafting and auditing is pure
 * and lives in `answer/`.
 */
export class RAGService {
  constructor(private readonly options: RAGServiceOptions) {}

  async ask(request: ServiceAskRequest, signal?: AbortSignal): Promise<AskResponse> {
    const started = performance.now();
    const createdAt = new Date().toISOString();
    const scope = this.documentScope(request.documentIds);
    const split = splitQuestion(request.question);
    const questions = split.parts.length > 0 ? split.parts : [request.question.trim()];

    const retrievalStarted = performance.now();
    const retrieved = await this.retrieve(questions, scope, signal);
    const retrievalMs = elapsed(retrievalStarted);

    const inputs = questions.map((question, index): DraftPartInput => {
      const passages = (retrieved[index] ?? []).map((p) => ({
        localId: p.localId,
        text: p.chunk.text,
        source: p.chunk.filename,
      }));
      return { index, question, passages };
    });
    const draftStarted = performance.now();
    const drafts = await this.draft(inputs, signal);
    const draftMs = elapsed(draftStarted);

    const dropped: DroppedClaim[] = [];
    const checked = inputs.map(({ index, passages }): CheckedPart => {
      const draft = drafts.get(index);
      if (passages.length === 0) return { claims: [] };
      if (draft === undefined) return { error: "The generator returned no draft for this part.", claims: [] };
      if (draft.error !== undefined) return { error: draft.error, claims: [] };
      if (draft.abstained) return { claims: [] };
      const result = validateDraft({ part: index, passages, claims: draft.claims });
      dropped.push(...result.dropped);
      return { claims: result.kept };
    });
    const ledger = buildLedger(
      questions.map((_, index) => ({
        index,
        passages: retrieved[index] ?? [],
        claims: checked[index]?.claims ?? [],
      })),
    );

    const mode: JevMode = this.options.auditor ? request.jevMode : "off";
    const auditStarted = performance.now();
    const audit = await this.audit(mode, ledger.parts, signal);
    const auditMs = elapsed(auditStarted);

    const parts = ledger.parts.map((part): AnswerPart => {
      const question = questions[part.index] as string;
      const error = checked[part.index]?.error;
      if (error !== undefined) return { index: part.index, question, status: "abstained", error, claims: [] };
      const claims = applyAudit(part, mode, audit.results);
      return { index: part.index, question, status: claims.length > 0 ? "answered" : "abstained", claims };
    });
    const displayed = new Set(parts.flatMap((part) => part.claims.flatMap((claim) => claim.citations)));
    const { jev } = this.options;

    const response: AskResponse = {
      id: crypto.randomUUID(),
      question: request.question,
      createdAt,
      jev: { mode, model: jev.model, threshold: jev.threshold, budgetMs: jev.budgetMs },
      parts,
      notAnswered: split.notAnswered,
      dropped,
      ledger: ledger.entries.map((entry) => ({ ...entry, cited: displayed.has(entry.id) })),
      usage: audit.usage,
      timings: { retrievalMs, draftMs, auditMs, totalMs: elapsed(started) },
      trace: {
        generator: this.options.drafter.name,
        fixups: [...drafts.values()]
          .filter((draft) => (draft.fixups?.length ?? 0) > 0)
          .map((draft) => ({ part: draft.index, fixes: draft.fixups ?? [] })),
      },
    };
    await this.options.answers.saveAnswer(response);
    return response;
  }

  /** Which documents to search; throws when there is nothing to answer from. */
  private documentScope(documentIds: string[] | undefined): DocumentScope {
    const { chunks } = this.options;
    if (documentIds === undefined || documentIds.length === 0) {
      const ready = chunks.readyDocumentIds();
      if (ready.length === 0) throw new NoDocumentsError("Upload a PDF before asking.");
      // Filtering to ready documents keeps chunks of ingests in progress (or left by a failed one) from taking top-k slots.
      return { filter: ready, ready: new Set(ready) };
    }
    const requested = [...new Set(documentIds)];
    const unknown = requested.filter((id) => chunks.getDocument(id) === undefined);
    if (unknown.length > 0) throw new NotFoundError(`No document with id ${unknown.join(", ")}.`);
    const ready = chunks.readyDocumentIds(requested);
    if (ready.length === 0) throw new NoDocumentsError("None of the selected documents is ready.");
    return { filter: ready, ready: new Set(ready) };
  }

  /** Each part's passages in retrieval order, numbered 1… locally; unknown or unready chunks are skipped. */
  private async retrieve(questions: string[], scope: DocumentScope, signal?: AbortSignal) {
    const { embedder, index, topK, chunks } = this.options;
    const embeddings = embedder ? await embedder.embed(questions, signal) : undefined;
    const hitLists = await Promise.all(
      questions.map((text, k) => {
        const embedding = embeddings?.[k];
        const query = {
          text,
          topK,
          ...(scope.filter && { documentIds: scope.filter }),
          ...(embedding && { embedding }),
        };
        return index.search(query, signal);
      }),
    );
    const wanted = [...new Set(hitLists.flat().map((hit) => hit.chunkId))];
    const records = new Map(chunks.getChunks(wanted).map((chunk) => [chunk.id, chunk]));
    return hitLists.map((hits: SearchHit[]) => {
      const passages: RetrievedPassage[] = [];
      for (const hit of hits) {
        const chunk = records.get(hit.chunkId);
        // The index may still hold chunks of a document being replaced or deleted.
        if (!chunk || !scope.ready.has(chunk.documentId) || passages.some((p) => p.chunk.id === chunk.id)) continue;
        passages.push({ localId: passages.length + 1, chunk, hit });
      }
      return passages;
    });
  }

  /** Drafts the parts that retrieved something; a part with no passages abstains without a call. */
  private async draft(inputs: DraftPartInput[], signal?: AbortSignal): Promise<Map<number, DraftPart>> {
    const worthDrafting = inputs.filter((input) => input.passages.length > 0);
    const drafts = worthDrafting.length > 0 ? await this.options.drafter.draft(worthDrafting, signal) : [];
    return new Map(drafts.map((draft) => [draft.index, draft]));
  }

  /** Audits the answered parts, with global ids and exact passage text; nothing when the mode is off. */
  private async audit(mode: JevMode, parts: LedgerPart[], signal?: AbortSignal) {
    const results = new Map<string, AuditClaimResult>();
    const usage = { jevRequests: 0, inputTokens: 0, outputTokens: 0 };
    const answered = parts.filter((part) => part.claims.length > 0);
    if (mode === "off" || !this.options.auditor || answered.length === 0) return { results, usage };
    const outcome = await this.options.auditor.audit(
      {
        mode,
        parts: answered.map((part) => ({
          index: part.index,
          claims: part.claims.map((claim) => ({ id: claim.id, text: claim.text, citations: claim.citations })),
          passages: part.passages,
        })),
      },
      signal,
    );
    for (const result of outcome.claims) results.set(result.claimId, result);
    const { jevRequests, inputTokens, outputTokens } = outcome.usage;
    return { results, usage: { jevRequests, inputTokens, outputTokens } };
  }
}
