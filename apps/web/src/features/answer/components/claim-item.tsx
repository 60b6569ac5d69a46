import { type Claim, displayText, type LedgerEntry } from "@audited-rag/core";
import type { ClaimSelection } from "../selection";

interface ClaimItemProps {
  partIndex: number;
  claim: Claim;
  ledger: Map<number, LedgerEntry>;
  selection: ClaimSelection | null;
  onSelect(selection: ClaimSelection): void;
}

/** One claim: its text, its citation markers and the verbatim quote; markers and quote open the source. */
export function ClaimItem({ partIndex, claim, ledger, selection, onSelect }: ClaimItemProps) {
  const isSelected = selection?.claimId === claim.id;
  const firstCitation = claim.citations[0];
  return (
    <li className={isSelected ? "claim claim--selected" : "claim"} data-claim-id={claim.id}>
      <p className="claim__text">
        {claim.text}{" "}
        {claim.citations.map((citationId) => {
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
        })}
      </p>
      {claim.quote && firstCitation !== undefined && (
        <button
          type="button"
          className="claim__quote"
          onClick={() => onSelect({ partIndex, claimId: claim.id, citationId: firstCitation })}
        >
          <span className="visually-hidden">Show the source of the quote: </span>
          {/* Shown with line-end hyphenation joined; the stored quote stays verbatim for highlighting. */}
          <q>{displayText(claim.quote)}</q>
        </button>
      )}
    </li>
  );
}
