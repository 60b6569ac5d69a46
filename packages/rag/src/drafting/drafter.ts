import type { ComponentHealth } from "@audited-rag/core";
import type { PassageStructure } from "../structure/passage-structure";

/** A retrieved passage as the drafter sees it: a local id (1-based within the part) and its text. */
export interface DraftPassage {
  localId: number;
  text: string;
  /** Name of the document it comes from (its file name); passages with one source are one document's. */
  source?: string;
  /** The passage's layout (tables, lists, headings) when extraction recorded it; absent for flat text. */
  structure?: PassageStructure;
}

export interface DraftPartInput {
  index: number;
  question: string;
  /** In retrieval order. */
  passages: DraftPassage[];
}

/** One claim as drafted: local citation ids refer to the part's passages. */
export interface DraftClaim {
  text: string;
  quote: string;
  citations: number[];
}

export interface DraftPart {
  index: number;
  /** True when the passages do not answer this part. */
  abstained: boolean;
  claims: DraftClaim[];
  /** Set when the drafter could not produce a usable draft for this part (plain language). */
  error?: string;
  /** Lenient-parsing fix-ups that fired for this part, e.g. `stripped_fence`. */
  fixups?: string[];
  /** Why these claims were chosen, when the drafter scores candidates (the extractive engine does). */
  scores?: DraftScoreTrace;
}

/** The answer engine's account of one part: the threshold, the best score and each claim's score parts. */
export interface DraftScoreTrace {
  threshold: number;
  candidates: number;
  best: number | null;
  claims: Array<{ localId: number; kind: string; score: number; parts: Record<string, number> }>;
  /** Question words read as a word the passages print, one typing slip away ("temprature" as "temperature"). */
  readAs?: Array<{ asked: string; read: string }>;
}

/** Writes claims with verbatim quotes from retrieved passages. */
export interface Drafter {
  /** Short name shown in config and health, e.g. `extractive` or `ollama`. */
  readonly name: string;
  readonly model?: string;
  /** Drafts every part; one part's failure is reported on that part, not thrown. */
  draft(parts: DraftPartInput[], signal?: AbortSignal): Promise<DraftPart[]>;
  /**
   * Reads a document's passages ahead of any ask, once they are stored; optional. The extractive
   * engine keeps their candidates, so an ask only scores them.
   */
  prepare?(passages: Array<Pick<DraftPassage, "text" | "structure">>): void;
  health(signal?: AbortSignal): Promise<ComponentHealth>;
}
