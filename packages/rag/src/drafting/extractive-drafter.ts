import type { ComponentHealth } from "@audited-rag/core";
import { AnswerEngine, type AnswerEngineOptions } from "../answering/answer-engine";
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
    return parts.map((part) => {
      signal?.throwIfAborted();
      return this.engine.answer(part);
    });
  }

  prepare(passages: Array<Pick<DraftPassage, "text" | "structure">>): void {
    this.engine.prepare(passages);
  }

  async health(): Promise<ComponentHealth> {
    return { status: "ok", detail: "no model needed" };
  }
}
