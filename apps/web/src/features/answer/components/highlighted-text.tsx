import { displaySegments } from "@audited-rag/core";
import { quoteSpan } from "../quote-highlight";

/**
 * Passage text as plain text nodes, reflowed for reading, with the quote (when it can be
 * found in the original characters) in a <mark>.
 */
export function HighlightedText({ text, quote }: { text: string; quote: string | null }) {
  const segments = displaySegments(text, quoteSpan(text, quote));
  return (
    <>
      {segments.map((segment, index) =>
        segment.highlighted ? (
          // Segments are positional: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <mark key={index}>{segment.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
