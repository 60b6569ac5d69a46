import { apiRequestNoContent } from "../../../lib/api-client";

/** `DELETE /api/answers/:id`: removes one stored answer. */
export function deleteAnswer(id: string): Promise<void> {
  return apiRequestNoContent(`/api/answers/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** `DELETE /api/answers`: removes every stored answer (your own, when accounts are on). */
export function deleteAllAnswers(): Promise<void> {
  return apiRequestNoContent("/api/answers", { method: "DELETE" });
}
