import { describe, expect, it } from "vitest";
import type { DraftPassage } from "../drafting/drafter";
import { withNamesAsPrinted, withSentencesCapitalised } from "./lower-case-question";

const passage = (localId: number, source: string, text: string): DraftPassage => ({ localId, source, text });

describe("withNamesAsPrinted", () => {
  const passages: DraftPassage[] = [
    {
      localId: 1,
      source: "paper.pdf",
      text: "NOTE\nOn the SWAG test set, the model scores 86.3.\nThe GPU count is 8.",
    },
    { localId: 2, source: "paper.pdf", text: "Results\nSee the note below; the gpu rows and the Star table." },
  ];

  it("writes a word the passages print only in capitals, or with a capital inside it, as printed", () => {
    expect(withNamesAsPrinted("what swag test accuracy does the model get?", passages)).toBe(
      "what SWAG test accuracy does the model get?",
    );
    const manual: DraftPassage[] = [
      passage(
        1,
        "gmpl.pdf",
        "The MySQL table driver connects to a server; the port defaults to 3306 (see mySQL notes).",
      ),
      passage(2, "gmpl.pdf", "Write C2 as 0xC2 so that it is read as a number, and set MySQL options in the string."),
    ];
    expect(withNamesAsPrinted("what port does the mysql driver use for c2?", manual)).toBe(
      "what port does the MySQL driver use for C2?",
    );
    const rfc: DraftPassage[] = [
      passage(1, "rfc7519.pdf", "This section registers a media type for JWTs, as JWT tokens."),
    ];
    expect(withNamesAsPrinted("what media type is registered for jwts?", rfc)).toBe(
      "what media type is registered for JWTs?",
    );
  });

  it("leaves a word printed in lower case as often, one printed in capitals only as a heading, and a stopword", () => {
    // "gpu" is printed in lower case once for its once in capitals; "star" only with a capital at its start.
    expect(withNamesAsPrinted("how many gpu cores does the star note give?", passages)).toBe(
      "how many gpu cores does the star note give?",
    );
    const headings: DraftPassage[] = [passage(1, "a.pdf", "SCOPE\nThis part sets the rules.")];
    expect(withNamesAsPrinted("what is the scope of the rules?", headings)).toBe("what is the scope of the rules?");
    // A word typed with a capital is left as typed.
    expect(withNamesAsPrinted("what Swag test accuracy?", passages)).toBe("what Swag test accuracy?");
  });
});

describe("withSentencesCapitalised", () => {
  it("opens each sentence of a question typed in lower case with a capital", () => {
    expect(withSentencesCapitalised("my gp sessions keep failing. which setting should i raise?")).toBe(
      "My gp sessions keep failing. Which setting should i raise?",
    );
    expect(withSentencesCapitalised("is it fast? and why! then what")).toBe("Is it fast? And why! Then what");
  });

  it("reads no sentence end in an abbreviation's full stop", () => {
    expect(withSentencesCapitalised("what is a key, e.g. the round key, and what does no. 5 say?")).toBe(
      "What is a key, e.g. the round key, and what does no. 5 say?",
    );
    expect(withSentencesCapitalised("are tables, figures etc. numbered as in smith et al. the paper?")).toBe(
      "Are tables, figures etc. numbered as in smith et al. the paper?",
    );
  });
});
