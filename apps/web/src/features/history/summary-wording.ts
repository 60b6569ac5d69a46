import type { AnswerListItem } from "@audited-rag/core";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line about a past answer: parts answered, claims, and the check's suggestions when it ran. */
export function describeSummary(item: AnswerListItem): string {
  const { summary } = item;
  const parts =
    summary.parts === 1
      ? summary.answeredParts === 1
        ? "Answered"
        : "Not answered"
      : `${summary.answeredParts} of ${summary.parts} parts answered`;
  const pieces = [parts, plural(summary.claims, "claim", "claims")];
  if (item.jevMode === "off") pieces.push("not checked");
  else {
    const checks = [
      summary.keep > 0 ? `${summary.keep} supported` : "",
      summary.review > 0 ? `${summary.review} to review` : "",
      summary.withhold > 0 ? `${summary.withhold} unsupported` : "",
      summary.unavailable > 0 ? `${summary.unavailable} not checked` : "",
    ].filter(Boolean);
    pieces.push(checks.length > 0 ? checks.join(", ") : "no claims checked");
  }
  return pieces.join(" · ");
}

/** "1 Dec 2026, 07:05" in the reader's locale. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
