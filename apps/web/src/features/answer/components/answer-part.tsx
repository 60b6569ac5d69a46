import type { AnswerPart as AnswerPartData, LedgerEntry } from "@audited-rag/core";
import type { ClaimSelection } from "../selection";
import { ClaimItem } from "./claim-item";

interface AnswerPartProps {
  part: AnswerPartData;
  checked: boolean;
  ledger: Map<number, LedgerEntry>;
  selection: ClaimSelection | null;
  onSelect(selection: ClaimSelection): void;
}

/** One question part under its own sub-question heading. */
export function AnswerPart({ part, checked, ledger, selection, onSelect }: AnswerPartProps) {
  const headingId = `answer-part-${part.index}`;
  return (
    <section className="answer-part" aria-labelledby={headingId} data-status={part.status}>
      <h3 id={headingId}>{part.question}</h3>
      {part.status === "answered" && (
        <ol className="claim-list">
          {part.claims.map((claim) => (
            <ClaimItem
              key={claim.id}
              partIndex={part.index}
              claim={claim}
              checked={checked}
              ledger={ledger}
              selection={selection}
              onSelect={onSelect}
            />
          ))}
        </ol>
      )}
      {part.status === "abstained" && part.error === undefined && (
        <p className="part-note">The documents do not answer this part of the question.</p>
      )}
      {part.error !== undefined && (
        <p className="part-note part-note--error">
          This part could not be answered{part.error ? `: ${part.error}` : "."}
        </p>
      )}
    </section>
  );
}
