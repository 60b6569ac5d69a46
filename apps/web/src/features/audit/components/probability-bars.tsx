import type { Distribution } from "@audited-rag/core";
import { formatProbability } from "../audit-status";

const rows: Array<{ key: keyof Distribution; label: string }> = [
  { key: "support", label: "Support" },
  { key: "contradiction", label: "Contradiction" },
  { key: "insufficient", label: "Insufficient evidence" },
];

/** The three probabilities as bars with their numbers; the number is the accessible value. */
export function ProbabilityBars({ distribution, label }: { distribution: Distribution; label: string }) {
  return (
    <dl className="probability-bars" aria-label={label}>
      {rows.map(({ key, label: rowLabel }) => {
        const value = distribution[key];
        return (
          <div key={key} className={`probability-bars__row probability-bars__row--${key}`}>
            <dt>{rowLabel}</dt>
            <dd>
              <span className="probability-bars__track" aria-hidden="true">
                <span
                  className="probability-bars__fill"
                  style={{ width: `${Math.round(Math.min(1, Math.max(0, value)) * 100)}%` }}
                />
              </span>
              <span className="probability-bars__value">{formatProbability(value)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
