import type { LedgerEntry } from "@audited-rag/core";
import { useState } from "react";
import { quoteFound } from "../quote-highlight";
import { describeScreening } from "../screening-wording";
import { type PdfTarget, passageElementId } from "../selection";
import { describeOcr, describeRetrieval } from "../source-summary";
import { describeStale } from "../stale-wording";
import { HighlightedText } from "./highlighted-text";

interface SourcePassageProps {
  partIndex: number;
  entry: LedgerEntry;
  cited: boolean;
  /** The selected claim's quote when that claim cites this passage. */
  quote: string | null;
  selected: boolean;
  onViewPdf(target: PdfTarget): void;
}

/** One ledger passage: number, document, page (and whether OCR read it), retrieval trace and text. */
export function SourcePassage({ partIndex, entry, cited, quote, selected, onViewPdf }: SourcePassageProps) {
  const highlightable = quote !== null && quoteFound(entry.text, quote);
  const stale = describeStale(entry);
  const screening = describeScreening(entry);
  const ocr = describeOcr(entry);
  const [staleShown, setStaleShown] = useState(false);
  const noteId = `${passageElementId(partIndex, entry.id)}-stale`;
  const className = ["passage", selected ? "passage--selected" : "", cited ? "" : "passage--uncited"]
    .filter(Boolean)
    .join(" ");
  return (
    <article
      id={passageElementId(partIndex, entry.id)}
      className={className}
      tabIndex={-1}
      aria-label={`Source ${entry.id}`}
    >
      <header className="passage__head">
        <span className="passage__number">[{entry.id}]</span>
        <span className="file-name">{entry.filename}</span>
        <span>page {entry.page}</span>
        {ocr && <span className="tag">{ocr}</span>}
        {cited && <span className="tag">cited</span>}
        {entry.stale && <span className="tag tag--stale">{entry.stale}</span>}
        {screening && <span className="tag tag--flagged">{entry.excluded ? "excluded" : "flagged"}</span>}
      </header>
      {screening && <p className="passage__screening">{screening}</p>}
      <p className="passage__trace muted">{describeRetrieval(entry)}</p>
      {/* The box scrolls when the passage is long, so it takes the focus for keyboard scrolling (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable by keyboard */}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would mean a form group; this is a labelled scroll box */}
      <div className="passage__text" tabIndex={0} role="group" aria-label={`Text of source ${entry.id}`}>
        <HighlightedText text={entry.text} quote={highlightable ? quote : null} />
      </div>
      {quote !== null && !highlightable && (
        <p className="muted passage__note">
          The quote could not be located in this passage, so nothing is highlighted.
        </p>
      )}
      <button
        type="button"
        className="button button--quiet"
        aria-describedby={stale && staleShown ? noteId : undefined}
        onClick={() => {
          // A deleted document's file is gone; say so instead of opening a viewer that cannot load it.
          if (stale) setStaleShown(true);
          else
            onViewPdf({
              documentId: entry.documentId,
              filename: entry.filename,
              page: entry.page,
              quote: highlightable ? quote : null,
            });
        }}
      >
        View PDF page {entry.page}
        <span className="visually-hidden"> of {entry.filename}</span>
      </button>
      {stale && staleShown && (
        <p id={noteId} className="passage__stale" role="status">
          {stale}
        </p>
      )}
    </article>
  );
}
