import { containsNormalized } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
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
});
