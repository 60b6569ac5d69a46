import { type AskResponse, containsNormalized, displayText } from "@audited-rag/core";
import { showsQuoteOnly } from "./claim-display";
import { describeOcr } from "./source-summary";

/** Backslash-escapes what Markdown would read as markup, so document text stays literal (no HTML, no links). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (ch) => `\\${ch}`);
}

const quoted = (text: string) => `"${escapeMarkdown(displayText(text).replace(/\s*\n\s*/g, " "))}"`;

/**
 * The answer as Markdown: the question, each part's claims with their citation numbers,
 * then every cited passage numbered as in the app with file, page and the quote taken from it.
 */
export function answerToMarkdown(response: AskResponse): string {
  const lines: string[] = [`# ${escapeMarkdown(response.question)}`, ""];
  lines.push(`Answered ${response.createdAt} · support check ${response.jev.mode} · answer ${response.id}`, "");
  const multipart = response.parts.length > 1;
  for (const part of response.parts) {
    if (multipart) lines.push(`## ${escapeMarkdown(part.question)}`, "");
    if (part.claims.length === 0) {
      lines.push(
        part.error ? `_Not answered: ${escapeMarkdown(part.error)}_` : "_The documents do not answer this part._",
      );
      lines.push("");
      continue;
    }
    for (const claim of part.claims) {
      const marks = claim.citations.map((id) => `[${id}]`).join(" ");
      const suggestion = claim.audit?.suggestion ? ` (support check: ${claim.audit.suggestion})` : "";
      if (showsQuoteOnly(claim)) lines.push(`- ${quoted(claim.quote)} ${marks}${suggestion}`);
      else {
        lines.push(`- ${escapeMarkdown(displayText(claim.text))} ${marks}${suggestion}`);
        lines.push(`  > ${quoted(claim.quote)}`);
      }
    }
    lines.push("");
  }
  if (response.notAnswered.length > 0) {
    lines.push("Not answered (only three parts are answered):", "");
    for (const question of response.notAnswered) lines.push(`- ${escapeMarkdown(question)}`);
    lines.push("");
  }
  const claims = response.parts.flatMap((part) => part.claims);
  const cited = response.ledger.filter((entry) => claims.some((claim) => claim.citations.includes(entry.id)));
  if (cited.length > 0) {
    lines.push("## Sources", "");
    for (const entry of cited) {
      const citing = claims.filter((claim) => claim.citations.includes(entry.id));
      const quote =
        citing.find((claim) => containsNormalized(entry.text, claim.quote))?.quote ?? citing[0]?.quote ?? "";
      // A scanned page's text is OCR's reading: the export says so, as the app does.
      const ocr = describeOcr(entry);
      const read = ocr ? ` (${ocr.charAt(0).toLowerCase()}${ocr.slice(1)})` : "";
      lines.push(`[${entry.id}] ${escapeMarkdown(entry.filename)}, page ${entry.page}${read}: ${quoted(quote)}`, "");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
