import type { AnswerPart, AskStage, ClaimVerdict, DraftedPart, LedgerEntry } from "@audited-rag/core";
import type { AskProgressEvent } from "./api/ask-stream";

/** What a running question has shown so far. */
export interface AskProgressState {
  stage: AskStage | null;
  /** Drafting: the 0-based part being drafted and the number of parts. */
  draftingPart: number | null;
  parts: number | null;
  /** Claims sent for checking, once known. */
  checking: number | null;
  /** Parts drafted so far, by index. */
  drafted: DraftedPart[];
  /** The numbered but unchecked answer, once every part is drafted. */
  numbered: { parts: AnswerPart[]; ledger: LedgerEntry[] } | null;
  verdicts: Map<string, ClaimVerdict>;
}

export const initialProgress: AskProgressState = {
  stage: null,
  draftingPart: null,
  parts: null,
  checking: null,
  drafted: [],
  numbered: null,
  verdicts: new Map(),
};

/** Folds one stream event into the progress shown. */
export function advanceProgress(state: AskProgressState, event: AskProgressEvent): AskProgressState {
  switch (event.type) {
    case "stage":
      return {
        ...state,
        stage: event.stage,
        draftingPart: event.stage === "drafting" ? (event.part ?? null) : state.draftingPart,
        parts: event.parts ?? state.parts,
        checking: event.stage === "checking" ? (event.claims ?? null) : state.checking,
      };
    case "part":
      return { ...state, drafted: [...state.drafted.filter((part) => part.index !== event.part.index), event.part] };
    case "drafted":
      return { ...state, numbered: { parts: event.parts, ledger: event.ledger } };
    case "verdicts": {
      const verdicts = new Map(state.verdicts);
      for (const verdict of event.claims) verdicts.set(verdict.claimId, verdict);
      return { ...state, verdicts };
    }
  }
}

/** The stage line: "Searching the documents…", "Drafting part 1 of 2…", "Checking support (1 of 3 done)…". */
export function describeStage(state: AskProgressState): string {
  switch (state.stage) {
    case null:
      return "Sending the question…";
    case "searching":
      return "Searching the documents…";
    case "drafting":
      return state.parts && state.parts > 1 && state.draftingPart !== null
        ? `Drafting part ${state.draftingPart + 1} of ${state.parts}…`
        : "Drafting the answer…";
    case "checking":
      return state.checking !== null
        ? `Checking support (${state.verdicts.size} of ${state.checking} claims done)…`
        : "Checking support…";
  }
}
