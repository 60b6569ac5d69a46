import type { AskResponse } from "@audited-rag/core";
import { useEffect } from "react";
import { type ClaimSelection, type PdfTarget, passageElementId, selectedClaim } from "../selection";
import { formatSourceCounts, partSources } from "../source-summary";
import { SourcePassage } from "./source-passage";

interface SourcesColumnProps {
  response: AskResponse;
  selection: ClaimSelection | null;
  onViewPdf(target: PdfTarget): void;
}

/** The numbered ledger per question part; the selected claim's quote is highlighted in its passages. */
export function SourcesColumn({ response, selection, onViewPdf }: SourcesColumnProps) {
  const claim = selectedClaim(response, selection);

  useEffect(() => {
    if (!selection) return;
    const element = document.getElementById(passageElementId(selection.partIndex, selection.citationId));
    if (!element) return;
    element.scrollIntoView({ block: "nearest", behavior: "smooth" });
    element.focus({ preventScroll: true });
  }, [selection]);

  return (
    <section className="panel sources" aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      {response.parts.map((part) => {
        const sources = partSources(response.ledger, part);
        const render = (cited: boolean) => (entry: AskResponse["ledger"][number]) => {
          const citesThis = (selection?.partIndex === part.index && claim?.citations.includes(entry.id)) ?? false;
          return (
            <SourcePassage
              key={entry.id}
              partIndex={part.index}
              entry={entry}
              cited={cited}
              quote={citesThis && claim ? claim.quote : null}
              selected={selection?.citationId === entry.id && citesThis}
              onViewPdf={onViewPdf}
            />
          );
        };
        return (
          <section key={part.index} className="sources__part" aria-label={`Sources for: ${part.question}`}>
            <h3 className="sources__part-title">{part.question}</h3>
            <p className="muted">{formatSourceCounts(sources)}</p>
            {sources.cited.map(render(true))}
            {sources.uncited.length > 0 && (
              <details className="sources__more">
                <summary>Other retrieved passages ({sources.uncited.length})</summary>
                {sources.uncited.map(render(false))}
              </details>
            )}
          </section>
        );
      })}
    </section>
  );
}
