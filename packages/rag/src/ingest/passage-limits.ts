/** Caps on what one document may cost, used when the ingestor is given none. */
export const defaultIngestLimits = {
  maxDecodedBytes: 256 * 1024 * 1024,
  maxChunksPerPage: 200,
  maxChunksPerDocument: 20_000,
} as const;

/** Why a page or document makes too many passages, or undefined when it is within the caps. Pure. */
export function passageLimitProblem(
  pageNumber: number,
  pageChunks: number,
  chunksBefore: number,
  limits: { perPage: number; perDocument: number },
): string | undefined {
  if (pageChunks > limits.perPage) {
    return (
      `Page ${pageNumber} of this PDF holds more text than ${limits.perPage} passages, the limit for one page ` +
      "(no real page is that dense); it is refused."
    );
  }
  if (chunksBefore + pageChunks > limits.perDocument) {
    return `This PDF makes more than ${limits.perDocument} passages, the limit for one document; it is refused.`;
  }
  return undefined;
}
