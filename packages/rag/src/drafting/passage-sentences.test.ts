import { describe, expect, it } from "vitest";
import { readSentences } from "./passage-sentences";

describe("readSentences", () => {
  it("numbers ranks by passage and gives each sentence the heading above it", () => {
    const sentences = readSentences([
      { localId: 7, text: "Service areas\nThe delivery service operates in Rome and Milan on weekdays." },
      { localId: 3, text: "Refunds are paid within ten days." },
    ]);
    expect(sentences.map((sentence) => [sentence.localId, sentence.rank, sentence.quotable])).toEqual([
      [7, 1, false],
      [7, 1, true],
      [3, 2, true],
    ]);
    expect(sentences[1]?.context).toEqual(["servic", "area"]);
    expect(sentences[2]?.context).toEqual([]);
  });

  it("does not take a table row for a heading", () => {
    const [, row, sentence] = readSentences([
      {
        localId: 1,
        text: "Technical data\nMaximum assisted speed 25 km/h\nThe motor of the bike is made in Germany by a long-standing supplier of drives.",
      },
    ]);
    expect(row?.quote).toBe("Maximum assisted speed 25 km/h");
    expect(sentence?.context).toEqual(["technical", "data"]);
  });

  it("gives the question's names that its document goes by, and the document", () => {
    const footer = (page: number) => `Orchard Valley Library handbook, page ${page}`;
    const sentences = readSentences(
      [
        { localId: 1, text: `Books may be borrowed for 21 days.\n${footer(2)}`, source: "handbook.pdf" },
        { localId: 2, text: `Late books are charged 20 cents per day.\n${footer(3)}`, source: "handbook.pdf" },
      ],
      ["orchard", "valley", "dvd"],
    );
    expect(sentences[0]?.given).toEqual(["orchard", "valley"]);
    expect(sentences[0]?.document).toBe("handbook.pdf");
  });

  it("quotes neither a running header nor a sentence it opens", () => {
    const header = "NIST AI 100-1 AI RMF 1.0";
    const passages = ["harm", "loss", "cost"].map((word, k) => ({
      localId: k + 1,
      text: `${header}\nvalid and reliable, safe and secure systems are built here.\nRisk is a measure of ${word}.`,
    }));
    const first = readSentences(passages).filter((sentence) => sentence.localId === 1);
    expect(first.map((sentence) => [sentence.quote.split("\n")[0], sentence.quotable])).toEqual([
      [header, false],
      ["Risk is a measure of harm.", true],
    ]);
  });
});
