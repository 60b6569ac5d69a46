// Prints how extraction lays out pages of a PDF: each block with its kind, list lead-in and
// marker, table headers and caption, and the running lines dropped. For looking at extraction by hand:
//   npm run layout:dump -- file.pdf [page] [--text]
import { resolve } from "node:path";
import { extractPdf } from "@audited-rag/rag";

// Piped into `head`, stop quietly when the reader has seen enough.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const args = process.argv.slice(2);
const showText = args.includes("--text");
const [file, pageArg] = args.filter((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("usage: npm run layout:dump -- file.pdf [page] [--text]");
  process.exit(2);
}
const wanted = pageArg === undefined ? undefined : Number(pageArg);
if (wanted !== undefined && !(Number.isInteger(wanted) && wanted > 0)) {
  console.error(`page must be a positive whole number, not "${pageArg}"`);
  process.exit(2);
}

const result = await extractPdf(resolve(file), { timeoutMs: 120_000 });
const oneLine = (text: string) => text.replace(/\n/g, " ⏎ ");
for (const page of result.pages) {
  if (wanted !== undefined && page.pageNumber !== wanted) continue;
  console.log(`=== page ${page.pageNumber} (${page.text.length} chars, ${page.blocks.length} blocks)`);
  if (page.headings.length > 0)
    console.log(`headings in force: ${page.headings.map((h) => `${h.level}:${h.text}`).join(" › ")}`);
  for (const line of page.runningLines) console.log(`[running] ${line}`);
  for (const block of page.blocks) {
    const text = oneLine(page.text.slice(block.span.start, block.span.end));
    switch (block.kind) {
      case "heading":
        console.log(`[heading ${block.level ?? "?"}] ${text}`);
        break;
      case "paragraph":
        console.log(`[paragraph] ${text}`);
        break;
      case "list-item":
        console.log(
          `[item ${block.marker ?? ""}] ${text}${block.leadIn ? `   ← lead-in: ${oneLine(block.leadIn)}` : ""}`,
        );
        break;
      case "table-row": {
        const cells = block.cells.map(
          (cell, index) => `${block.headers[index] || "·"}=${page.text.slice(cell.start, cell.end)}`,
        );
        console.log(`[row] ${cells.join(" | ")}${block.caption ? `   (${block.caption})` : ""}`);
      }
    }
  }
  if (showText) console.log(`--- text\n${page.text}`);
}
for (const warning of result.warnings) console.log(`warning: ${warning}`);
