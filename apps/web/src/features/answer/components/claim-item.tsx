import { type Claim, type LedgerEntry, reflowForDisplay } from "@audited-rag/core";
import { showsQuoteOnly } from "../claim-display";
import type { ClaimSelection } from "../selection";

interface ClaimItemProps {
  partIndex: number;
  claim: Claim;
  ledger: Map<number, LedgerEntry>;
  selection: ClaimSelection | null;
  onSelect(selection: ClaimSelection): void;
}

/**
 * One claim: its text, its citation markers and the verbatim quote; markers and quote open
 * the source. A claim that only repeats its quote is shown once, as the quote. Text is
 * reflowed for reading; the stored characters are unchanged.
 */
export function ClaimItem({ partIndex, claim, ledger, selection, onSelect }: ClaimItemProps) {
  const isSelected = selection?.claimId === claim.id;
  const firstCitation = claim.citations[0];
  const quoteOnly = showsQuoteOnly(claim);
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
      <q>{reflowForDisplay(claim.quote)}</q>
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
            {reflowForDisplay(claim.text)} {markers}
          </p>
          {quote}
        </>
      )}
    </li>
  );
}
