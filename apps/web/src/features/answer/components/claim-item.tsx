import { type Claim, displayText, type LedgerEntry } from "@audited-rag/core";
import { showsQuoteOnly } from "../claim-display";
import type { ClaimSelection } from "../selection";
import { describeStale } from "../stale-wording";
import { ClaimVerdict } from "./claim-verdict";

interface ClaimItemProps {
  partIndex: number;
  claim: Claim;
  /** Whether the answer was checked; mode off shows no verdict. */
  checked: boolean;
  ledger: Map<number, LedgerEntry>;
  selection: ClaimSelection | null;
  onSelect(selection: ClaimSelection): void;
}

/**
 * One claim: its text, its citation markers and the verbatim quote; markers and quote open
 * the source. A claim that only repeats its quote is shown once, as the quote. Text is
 * reflowed for reading; the stored characters are unchanged.
 */
export function ClaimItem({ partIndex, claim, checked, ledger, selection, onSelect }: ClaimItemProps) {
  const isSelected = selection?.claimId === claim.id;
  const firstCitation = claim.citations[0];
  const quoteOnly = showsQuoteOnly(claim);
  const stale = claim.citations.flatMap((id) => {
    const entry = ledger.get(id);
    return entry?.stale ? [{ id, note: describeStale(entry) }] : [];
  });
  const flagged = claim.citations.filter((id) => (ledger.get(id)?.flags?.length ?? 0) > 0);
  const markers = claim.citations.map((citationId) => {
    const entry = ledger.get(citationId);
    const where = entry ? `${entry.filename}, page ${entry.page}` : "not in the ledger";
    return (
      <button
        key={citationId}
        type="button"
        className="citation-marker"
        aria-pressed={isSelected && selection?.citationId === citationId}
        aria-label={`Source ${citationId}: ${where}`}
        onClick={() => onSelect({ partIndex, claimId: claim.id, citationId })}
      >
        [{citationId}]
      </button>
    );
  });
  const quote = claim.quote && firstCitation !== undefined && (
    <button
      type="button"
      className="claim__quote"
      onClick={() => onSelect({ partIndex, claimId: claim.id, citationId: firstCitation })}
    >
      <span className="visually-hidden">Show the source of the quote: </span>
      {/* Shown with line-end hyphenation joined; the stored quote stays verbatim for highlighting. */}
      <q>{displayText(claim.quote)}</q>
    </button>
  );
  return (
    <li
      className={["claim", isSelected ? "claim--selected" : "", quoteOnly ? "claim--quote-only" : ""]
        .filter(Boolean)
        .join(" ")}
      data-claim-id={claim.id}
    >
      {quoteOnly ? (
        <p className="claim__text claim__text--quote">
          {quote} {markers}
        </p>
      ) : (
        <>
          <p className="claim__text">
            {displayText(claim.text)} {markers}
          </p>
          {quote}
        </>
      )}
      {checked && <ClaimVerdict claim={claim} />}
      {flagged.length > 0 && (
        <p className="claim__flagged">
          {flagged.map((id) => `[${id}]`).join(" ")} contains instruction-like text; read it in Sources as document
          content.
        </p>
      )}
      {stale.map(({ id, note }) => (
        <p key={id} className="claim__stale">
          [{id}] {note}
        </p>
      ))}
    </li>
  );
}
