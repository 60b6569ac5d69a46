import type { ComponentHealth } from "@audited-rag/core";
import { AnswerEngine, type AnswerEngineOptions, documentOf, quoteKey } from "../answering/answer-engine";
import type { Drafter, DraftPart, DraftPartInput, DraftPassage } from "./drafter";

const sharedEngine = new AnswerEngine();

/** Answers one part with the shared extractive answer engine (see answering/answer-engine.ts). */
export function draftExtractive(part: DraftPartInput): DraftPart {
  return sharedEngine.answer(part);
}

/** A drafter without a model: answers with verbatim sentences, list items and table rows from the passages. */
export class ExtractiveDrafter implements Drafter {
  readonly name = "extractive";
  private readonly engine: AnswerEngine;

  constructor(options?: AnswerEngineOptions) {
    this.engine = options ? new AnswerEngine(options) : sharedEngine;
  }

  async draft(parts: DraftPartInput[], signal?: AbortSignal): Promise<DraftPart[]> {
    // Each part answers what it asks: a quote an earlier part claims is not offered again. The
    // parts ask about one thing: a later part looks first in the documents earlier parts cited.
    const quoted = new Set<string>();
    const answeredFrom = new Set<string>();
    return parts.map((part) => {
      signal?.throwIfAborted();
      const drafted = this.engine.answer(part, quoted, answeredFrom);
      for (const claim of drafted.claims) {
        quoted.add(quoteKey(claim.quote));
        for (const id of claim.citations) {
          const cited = part.passages.find((passage) => passage.localId === id);
          if (cited !== undefined) answeredFrom.add(documentOf(cited));
        }
      }
      return drafted;
    });
  }

  prepare(passages: Array<Pick<DraftPassage, "text" | "structure">>): void {
    this.engine.prepare(passages);
  }

  async health(): Promise<ComponentHealth> {
    return { status: "ok", detail: "no model needed" };
  }
}
