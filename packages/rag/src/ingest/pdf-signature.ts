/**
 * What the first and last bytes of a file say about it being a PDF.
 *
 * - `pdf`: a `%PDF-` header within the first 1024 bytes (where readers accept it).
 * - `pdf-like`: no header, but PDF structure tokens (`obj`/`endobj`, `xref`, `trailer`, `%%EOF`);
 *   pdf.js often still opens such files, so they get a parse attempt and a PDF error if it fails.
 * - `unknown`: nothing PDF about it; if pdf.js cannot parse it either, it is not a PDF.
 */
export type PdfSignature = "pdf" | "pdf-like" | "unknown";

/** How many bytes of the head and tail `sniffPdfSignature` looks at. */
export const signatureWindowBytes = 1024;

const structureTokens = [/\d+\s+\d+\s+obj\b/, /\bendobj\b/, /\bxref\b/, /\btrailer\b/, /%%EOF/];

/** Classifies a file from its first and last `signatureWindowBytes` bytes. Pure. */
export function sniffPdfSignature(head: Uint8Array, tail: Uint8Array = new Uint8Array()): PdfSignature {
  // latin1 maps every byte to one character, so binary content cannot break the token search.
  const headText = Buffer.from(head.subarray(0, signatureWindowBytes)).toString("latin1");
  if (headText.includes("%PDF-")) return "pdf";
  const text = `${headText}\n${Buffer.from(tail).toString("latin1")}`;
  const hits = structureTokens.filter((token) => token.test(text)).length;
  return hits >= 2 ? "pdf-like" : "unknown";
}
