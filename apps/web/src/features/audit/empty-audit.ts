import type { AnswerPart } from "@audited-rag/core";

/**
 * Why the support check has nothing to list, or null when some part has claims.
 * An empty panel without a reason would read like a silent failure.
 */
export function explainEmptyAudit(parts: AnswerPart[]): string | null {
  if (parts.some((part) => part.claims.length > 0)) return null;
  const failed = parts.filter((part) => part.error !== undefined).length;
  if (failed === 0) {
    return "Nothing was checked: the documents do not answer this question, so there were no claims to send for a support check.";
  }
  const abstained = parts.length - failed;
  const failedWords = `${failed} ${failed === 1 ? "part" : "parts"} could not be answered`;
  const abstainedWords =
    abstained > 0
      ? ` and the documents do not answer the other ${abstained === 1 ? "part" : `${abstained} parts`}`
      : "";
  return `Nothing was checked: ${failedWords}${abstainedWords}, so there were no claims to send for a support check.`;
}
