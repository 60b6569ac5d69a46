import {
  type AnswerAuditor,
  type AnswerPart,
  type AskRequest,
  type AskResponse,
  type AuditClaimResult,
  type DocumentInfo,
  type DroppedClaim,
  type JevMode,
  type LedgerEntry,
  NoDocumentsError,
  NotFoundError,
} from "@audited-rag/core";
import { applyAudit } from "./answer/apply-audit";
import { buildLedger, type LedgerPart, type RetrievedPassage } from "./answer/build-ledger";
import { withNamesAsPrinted, withSentencesCapitalised } from "./answer/lower-case-question";
import { repairCandidates } from "./answer/repair-quote";
import { screenPassage } from "./answer/screen-passage";
import { splitQuestion } from "./answer/split-question";
import { validateDraft } from "./answer/validate-draft";
import { escapeRegExp } from "./answering/definition-shapes";
import { quotedSurfaces, searchText } from "./answering/question-analysis";
import { type AskObserver, previewDraftedPart } from "./ask-observer";
import type { DraftClaim, Drafter, DraftPart, DraftPartInput } from "./drafting/drafter";
import type { Embedder } from "./embedding/embedder";
import type { SearchHit, VectorIndex } from "./retrieval/vector-index";
import type { ChunkRecord } from "./store/chunk-record";

/**
 * How many of each other part's best passages a part of a compound question also reads: 2, 3
 * and 8 were tried on the dev set and held-out sets A–E (evaluation/README.md); 3 was kept.
 */
export const SHARED_PART_PASSAGES = 3;

/**
 * How many times `topK` hits a part searches when its question sets a word in quotes: the index
 * stems ("baselining" and "baseline" are one term to it), so the passages that print the word as
 * written are found among more hits and put first.
 */
export const QUOTED_WORD_POOL = 4;

/**
 * How many times `topK` hits a part searches, so that passages of machine data can give their
 * places to the prose behind them.
 */
export const DATA_POOL = 2;

/**
 * A token of machine data: a hex or base64 run of twelve characters or more holding both
 * letters and digits ("d1ed44fd1a0f3f2a", "8ea2b7ca516745bf"), as test vectors, checksums and
 * keys print them. A passage made mostly of them (a test vector's dump) meets a question's words
 * only in its labels ("round[ 2].istart"), however often it repeats them.
 */
const dataToken = /^(?=[\p{L}\p{N}+/=]*\p{N})(?=[\p{L}\p{N}+/=]*\p{L})[\p{L}\p{N}+/=]{12,}$/u;

/** Whether machine data makes up half of a passage's printed characters or more. */
function mostlyData(text: string): boolean {
  const tokens = text.split(/[\s,;:()[\]{}"'.]+/u).filter((token) => token.length > 0);
  const printed = tokens.reduce((sum, token) => sum + token.length, 0);
  const data = tokens.filter((token) => dataToken.test(token)).reduce((sum, token) => sum + token.length, 0);
  return printed > 0 && data * 2 >= printed;
}

/**
 * A table of contents' line: a title, dot leaders and a page number ("A.2 Expansion of a 192-bit key
 * ....... 28"). The page number is needed here, unlike in the answer engine's `contentsEntry`: a
 * line may end in dots of its own (an ellipsis, a line to fill in), and a whole passage is moved.
 */
const contentsLine = /(?:\.\s?){4,}\s*(?:\d{1,4}|[ivxlc]{1,6})\s*$/iu;

/** Whether half of a passage's lines or more are a table of contents' lines: it points to pages, it says nothing. */
function mostlyContents(text: string): boolean {
  const lines = text.split("\n").filter((line) => line.trim().length > 0);
  return lines.length > 0 && lines.filter((line) => contentsLine.test(line)).length * 2 >= lines.length;
}

/** Hits of prose before hits of machine data or of contents lines, each group in retrieval order. */
function proseFirst(hits: SearchHit[], records: ReadonlyMap<string, ChunkRecord>): SearchHit[] {
  const data = new Set(
    hits.filter((hit) => {
      const text = records.get(hit.chunkId)?.text ?? "";
      return mostlyData(text) || mostlyContents(text);
    }),
  );
  return data.size === 0 ? hits : [...hits.filter((hit) => !data.has(hit)), ...data];
}

/**
 * Hits whose chunk prints every quoted word as written (as a whole word, any case) first, each
 * group in retrieval order; the same hits when nothing is quoted.
 */
function writtenFirst(
  hits: SearchHit[],
  words: readonly string[],
  records: ReadonlyMap<string, ChunkRecord>,
): SearchHit[] {
  if (words.length === 0) return hits;
  const patterns = words.map((word) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "iu"));
  const printed = new Set(
    hits.filter((hit) => {
      const text = records.get(hit.chunkId)?.text;
      return text !== undefined && patterns.every((pattern) => pattern.test(text));
    }),
  );
  return [...printed, ...hits.filter((hit) => !printed.has(hit))];
}

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
  /** `owner` is the id of the person who asked, when accounts are on. */
  /** May finish later (a cluster worker retries a locked database off the event loop); a rejection means not kept. */
  saveAnswer(response: AskResponse, owner?: string): void | Promise<void>;
}

/** The auditor settings echoed in every response. */
export interface JevSettings {
  mode: JevMode;
  model: string;
  threshold: number;
  budgetMs: number;
  /** Which auditor checks claims; echoed so the browser can say where checks run. */
  auditor?: "jev" | "ollama";
}

/** What passage screening does with instruction-like passages: flag them, or also keep them from drafting. */
export type ScreeningMode = "flag" | "exclude";

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
  /** Default "flag": flagged passages are marked in the ledger and still drafted from. */
  screening?: ScreeningMode;
  /** Told when an answer could not be stored (it is still returned, with a warning). */
  onSaveFailed?: (error: unknown, answerId: string) => void;
}

/** An ask whose `jevMode` the server has already resolved against the configured mode. */
export type ServiceAskRequest = AskRequest & { jevMode: JevMode; ownerId?: string };

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

  /**
   * With an `observer` (the streaming route) the stages, each drafted part and each part's
   * verdicts are reported as they happen; parts are then drafted one after another and
   * audited one request set per part, which the drafter and auditor contracts allow.
   */
  async ask(request: ServiceAskRequest, signal?: AbortSignal, observer?: AskObserver): Promise<AskResponse> {
    const started = performance.now();
    const createdAt = new Date().toISOString();
    const scope = this.documentScope(request.documentIds);
    const partsOf = (question: string) => {
      const split = splitQuestion(question);
      return { split, questions: split.parts.length > 0 ? split.parts : [question.trim()] };
    };
    let { split, questions } = partsOf(request.question);

    observer?.stage({ stage: "searching" });
    const retrievalStarted = performance.now();
    let retrieved = await this.retrieve(questions, scope, signal);
    // A question typed all in lower case is split again with its sentences opened by capitals and
    // its acronyms and identifiers written as the passages print them ("esa" as "ESA"), so that a
    // later part's pronoun finds its name ("…, and on what processor was it run?") and the
    // sentence that asks is read apart; its parts search again when their words changed.
    if (!/\p{Lu}/u.test(request.question)) {
      const cased = withSentencesCapitalised(
        withNamesAsPrinted(
          request.question,
          retrieved.flat().map((passage) => passage.chunk),
        ),
      );
      if (cased !== request.question) {
        const recased = partsOf(cased);
        const sameWords =
          recased.questions.length === questions.length &&
          recased.questions.every((part, k) => part.toLowerCase() === questions[k]?.toLowerCase());
        if (!sameWords) retrieved = await this.retrieve(recased.questions, scope, signal);
        ({ split, questions } = recased);
      }
    }
    const retrievalMs = elapsed(retrievalStarted);

    const flags = new Map(
      retrieved.flat().map((passage) => [passage.chunk.id, screenPassage(passage.chunk.text)] as const),
    );
    const excluding = this.options.screening === "exclude";
    const isExcluded = (chunkId: string) => excluding && (flags.get(chunkId)?.length ?? 0) > 0;
    const inputs = questions.map((question, index): DraftPartInput => {
      // Excluded passages keep their local ids, so the ledger numbering is the same either way.
      const drafted = (retrieved[index] ?? []).filter((p) => !isExcluded(p.chunk.id));
      const passages = drafted.map((p) => ({
        localId: p.localId,
        text: p.chunk.text,
        source: p.chunk.filename,
        ...(p.chunk.structure && { structure: p.chunk.structure }),
      }));
      return { index, question, passages };
    });
    const draftStarted = performance.now();
    const drafts = await this.draft(inputs, signal, observer && { observer, retrieved });
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

    const screened = (entry: LedgerEntry): LedgerEntry => {
      const found = flags.get(entry.chunkId) ?? [];
      return found.length > 0
        ? { ...entry, flags: found, ...(isExcluded(entry.chunkId) ? { excluded: true } : {}) }
        : entry;
    };

    const mode: JevMode = this.options.auditor ? request.jevMode : "off";
    if (observer) {
      const unchecked = ledger.parts.map((part): AnswerPart => {
        const error = checked[part.index]?.error;
        const claims = applyAudit(part, "off", new Map());
        const status = error === undefined && claims.length > 0 ? "answered" : "abstained";
        return {
          index: part.index,
          question: questions[part.index] as string,
          status,
          claims,
          ...(error && { error }),
        };
      });
      observer.drafted(unchecked, ledger.entries.map(screened));
    }
    const auditStarted = performance.now();
    const excludedIds = new Set(ledger.entries.filter((entry) => isExcluded(entry.chunkId)).map((entry) => entry.id));
    const audit = await this.audit(mode, ledger.parts, excludedIds, signal, observer);
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

    const scores = [...drafts.values()].flatMap((draft) =>
      draft.scores ? [{ part: draft.index, ...draft.scores }] : [],
    );
    const response: AskResponse = {
      id: crypto.randomUUID(),
      question: request.question,
      createdAt,
      jev: {
        mode,
        model: jev.model,
        threshold: jev.threshold,
        budgetMs: jev.budgetMs,
        ...(jev.auditor ? { auditor: jev.auditor } : {}),
      },
      parts,
      notAnswered: split.notAnswered,
      dropped,
      ledger: ledger.entries.map((entry) => ({ ...screened(entry), cited: displayed.has(entry.id) })),
      usage: audit.usage,
      timings: { retrievalMs, draftMs, auditMs, totalMs: elapsed(started) },
      trace: {
        generator: this.options.drafter.name,
        fixups: [...drafts.values()]
          .filter((draft) => (draft.fixups?.length ?? 0) > 0)
          .map((draft) => ({ part: draft.index, fixes: draft.fixups ?? [] })),
        ...(scores.length > 0 ? { scores } : {}),
      },
    };
    // A cancelled ask stores nothing, even when the auditor finished its parts early rather than throwing.
    signal?.throwIfAborted();
    try {
      await this.options.answers.saveAnswer(response, request.ownerId);
    } catch (error) {
      // The answer is worth more than its archive copy: return it and say it was not kept.
      const reason = (error as { code?: unknown }).code === "SQLITE_FULL" ? "the disk is full" : "the store refused it";
      response.warnings = [
        `This answer could not be saved (${reason}), so GET /api/answers/${response.id} will not find it.`,
      ];
      this.options.onSaveFailed?.(error, response.id);
    }
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
    const quoted = questions.map((text) => [...quotedSurfaces(text)]);
    const searched = await Promise.all(
      questions.map((text, k) => {
        const embedding = embeddings?.[k];
        const query = {
          text: searchText(text),
          // A word set in quotes is looked for as written among a wider set of hits (below), and
          // passages of machine data give their places to the prose behind them.
          topK: (quoted[k]?.length ?? 0) > 0 ? topK * QUOTED_WORD_POOL : topK * DATA_POOL,
          ...(scope.filter && { documentIds: scope.filter }),
          ...(embedding && { embedding }),
        };
        return index.search(query, signal);
      }),
    );
    const wanted = [...new Set(searched.flat().map((hit) => hit.chunkId))];
    const records = new Map(chunks.getChunks(wanted).map((chunk) => [chunk.id, chunk]));
    const hitLists = searched.map((hits, k) =>
      writtenFirst(proseFirst(hits, records), quoted[k] ?? [], records).slice(0, topK),
    );
    // The parts of one question are about one thing: each part also reads the best passages the
    // other parts found, after its own ("the minimum length of a package name" is stated in the
    // passage found for "what character must it start with"). A part that found nothing of its
    // own still abstains: its words are met nowhere in the library.
    const pooled = hitLists.map((hits, k) => [
      ...hits,
      ...hitLists.flatMap((other, j) => (j === k || hits.length === 0 ? [] : other.slice(0, SHARED_PART_PASSAGES))),
    ]);
    return pooled.map((hits: SearchHit[]) => {
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
  private async draft(
    inputs: DraftPartInput[],
    signal?: AbortSignal,
    watch?: { observer: AskObserver; retrieved: RetrievedPassage[][] },
  ): Promise<Map<number, DraftPart>> {
    const worthDrafting = inputs.filter((input) => input.passages.length > 0);
    if (!watch) {
      const drafts = worthDrafting.length > 0 ? await this.options.drafter.draft(worthDrafting, signal) : [];
      return new Map(drafts.map((draft) => [draft.index, draft]));
    }
    const drafts = new Map<number, DraftPart>();
    for (const input of worthDrafting) {
      watch.observer.stage({ stage: "drafting", part: input.index, parts: inputs.length });
      const [draft] = await this.options.drafter.draft([input], signal);
      if (!draft) continue;
      drafts.set(draft.index, draft);
      watch.observer.partDrafted(previewDraftedPart(input, draft, watch.retrieved[input.index] ?? []));
    }
    return drafts;
  }

  /**
   * Audits the answered parts, with global ids and exact passage text; nothing when the mode
   * is off. In repair mode each claim names the passages a repair could quote from (never an
   * excluded one), so a repaired citation always comes with a verbatim quote.
   */
  private async audit(
    mode: JevMode,
    parts: LedgerPart[],
    excluded: ReadonlySet<number>,
    signal?: AbortSignal,
    observer?: AskObserver,
  ) {
    const results = new Map<string, AuditClaimResult>();
    const usage = { jevRequests: 0, inputTokens: 0, outputTokens: 0 };
    const answered = parts.filter((part) => part.claims.length > 0);
    const { auditor } = this.options;
    if (mode === "off" || !auditor || answered.length === 0) return { results, usage };
    const auditParts = (chosen: LedgerPart[]) =>
      auditor.audit(
        {
          mode,
          parts: chosen.map((part) => ({
            index: part.index,
            claims: part.claims.map((claim) => ({
              id: claim.id,
              text: claim.text,
              citations: claim.citations,
              ...(mode === "repair"
                ? {
                    repairCandidates: repairCandidates(
                      claim,
                      part.passages.filter((passage) => !excluded.has(passage.id)),
                    ),
                  }
                : {}),
            })),
            // Only ids and exact text reach the auditor; the layout stays here for quoting repairs.
            passages: part.passages.map(({ id, text }) => ({ id, text })),
          })),
        },
        signal,
      );
    observer?.stage({ stage: "checking", claims: answered.reduce((sum, part) => sum + part.claims.length, 0) });
    // Parts are audited independently with a budget each, so one call per part changes nothing but when verdicts arrive.
    const outcomes = observer
      ? await Promise.all(
          answered.map(async (part) => {
            const outcome = await auditParts([part]);
            observer.verdicts(
              part.index,
              outcome.claims.map(({ claimId, citations, audit }) => ({ claimId, citations, audit })),
            );
            return outcome;
          }),
        )
      : [await auditParts(answered)];
    for (const outcome of outcomes) {
      for (const result of outcome.claims) results.set(result.claimId, result);
      usage.jevRequests += outcome.usage.jevRequests;
      usage.inputTokens += outcome.usage.inputTokens;
      usage.outputTokens += outcome.usage.outputTokens;
    }
    return { results, usage };
  }
}
