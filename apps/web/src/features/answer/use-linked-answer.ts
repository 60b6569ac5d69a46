import type { AskResponse } from "@audited-rag/core";
import { useEffect } from "react";
import { answerIdFromHash, hashForAnswer } from "./answer-link";
import { getAnswer } from "./api/get-answer";

/**
 * Keeps the shown answer in the address (`#answer=<id>`) and reopens it on load, so a
 * reload or a shared link shows the same stored answer.
 */
export function useLinkedAnswer(response: AskResponse | null, show: (response: AskResponse) => void): void {
  useEffect(() => {
    const id = answerIdFromHash(window.location.hash);
    if (!id) return;
    const controller = new AbortController();
    // A stale or foreign link simply shows no answer; the question box explains nothing is wrong.
    getAnswer(id, controller.signal).then(show, () => undefined);
    return () => controller.abort();
  }, [show]);

  useEffect(() => {
    if (!response) return;
    const hash = hashForAnswer(response.id);
    if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
  }, [response]);
}
