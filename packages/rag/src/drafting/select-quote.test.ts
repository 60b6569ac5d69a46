import { containsNormalized } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import type { PassageStructure } from "../structure/passage-structure";
import { selectQuote } from "./select-quote";

const passage =
  "Refunds. A refund is paid to the original card within thirty days of a cancellation. " +
  "Gift cards are never refunded. Questions go to the billing desk.";

describe("selectQuote", () => {
  it("picks the sentence of the passage that covers the claim, verbatim", () => {
    const quote = selectQuote("Refunds are paid within thirty days of a cancellation.", passage);
    expect(quote).toBe("A refund is paid to the original card within thirty days of a cancellation.");
    expect(containsNormalized(passage, quote ?? "")).toBe(true);
  });

  it("joins two consecutive sentences when the claim rests on both", () => {
    const text = "The north gate opens at 07:00.\nIt closes at 19:00 on weekdays. Parking is free.";
    expect(selectQuote("The north gate opens at 07:00 and closes at 19:00.", text)).toBe(
      "The north gate opens at 07:00.\nIt closes at 19:00 on weekdays.",
    );
  });

  it("finds nothing when no span supports the claim text", () => {
    expect(selectQuote("The Lyon warehouse closes at 18:00 on weekdays.", passage)).toBeNull();
    expect(selectQuote("", passage)).toBeNull();
  });

  it("refuses a span that states another figure than the claim", () => {
    expect(selectQuote("Refunds are paid within thirty-one days of a cancellation.", passage)).toBeNull();
  });

  it("quotes a table row as printed for a claim that restates it with its headers, as the drafter does", () => {
    const header = "Key Length Block Size Number of Rounds";
    const row = "AES-256 8 4 14";
    const text = `${header}\n${row}`;
    const start = header.length + 1;
    const cell = (from: number, to: number) => ({ start: start + from, end: start + to });
    const structure: PassageStructure = {
      headings: [],
      blocks: [
        {
          kind: "table-row",
          span: { start, end: start + row.length },
          cells: [cell(0, 7), cell(8, 9), cell(10, 11), cell(12, 14)],
          headers: ["", "Key Length", "Block Size", "Number of Rounds"],
        },
      ],
    };
    const claim = "For AES-256, Key Length is 8, Block Size is 4 and Number of Rounds is 14.";
    expect(selectQuote(claim, text, structure)).toBe(row);
    // Read as sentences alone, the row names none of the headers and could not be quoted.
    expect(selectQuote(claim, row)).toBeNull();
  });
});
