import { describe, expect, it } from "vitest";
import { comparableForms, factMatches, matchQuoteOnPage, quoteOnPage } from "./text-judge";

describe("comparableForms", () => {
  it("collapses whitespace and joins a word hyphenated at a line end, keeping the hyphenated forms too", () => {
    expect(comparableForms("  the figure is illus-\n   trated\tbelow ")).toEqual([
      "the figure is illustrated below",
      "the figure is illus-trated below",
      "the figure is illus- trated below",
    ]);
  });

  it("folds ligatures, curly quotes and Unicode hyphens", () => {
    expect(comparableForms("\u201Cof\uFB01ce\u201D \u2018x\u2019 non\u2011zero")).toEqual(["\"office\" 'x' non-zero"]);
  });

  it("does not join a hyphen before a capital or a digit", () => {
    expect(comparableForms("AES-\n256 and Type-\nA")).toEqual(["AES- 256 and Type- A"]);
  });
});

describe("factMatches", () => {
  it("matches case-insensitively across collapsed line breaks in any of the texts", () => {
    expect(factMatches(/14\s+rounds/iu, ["no", "uses 14\n   ROUNDS in all"])).toBe(true);
    expect(factMatches(/14 rounds/iu, ["uses 12 rounds"])).toBe(false);
  });

  it("matches a word hyphenated at a line end as the joined word, and a compound as written", () => {
    expect(factMatches(/illustrated/iu, ["is illus-\ntrated"])).toBe(true);
    expect(factMatches(/multi-byte/iu, ["a multi-\nbyte code"])).toBe(true);
  });
});

describe("matchQuoteOnPage", () => {
  const page =
    "For the AES algorithm, the number of rounds\nis represented by Nr, where Nr =\n10 when Nk = 4.\nTABLE OF CONTENTS ......... 27";

  it("accepts a quote whose line breaks differ from the page", () => {
    expect(matchQuoteOnPage("the number of rounds is represented by Nr, where Nr = 10 when Nk = 4.", [page])).toBe(
      "verbatim",
    );
  });

  it("reads an accent set as a spacing mark before its letter as the accented letter", () => {
    // pdf.js gives the diaeresis as a character of its own before the o; poppler a combining mark after it.
    expect(
      matchQuoteOnPage("exploiting this\nGr\u00a8obner description.", ["exploiting this\nGro\u0308bner description."]),
    ).toBe("verbatim");
    expect(matchQuoteOnPage("Grobner description.", ["Gro\u0308bner description."])).toBe("absent");
  });

  it("is case-sensitive: a verbatim quote keeps the page's letters", () => {
    expect(quoteOnPage("the NUMBER of rounds", [page])).toBe(false);
  });

  it("accepts a quote found in either rendering", () => {
    expect(quoteOnPage("Nk = 8", ["nothing here", "layout: Nr = 14 when Nk = 8"])).toBe(true);
  });

  it("tells a quote that differs only in spacing from one that is not on the page", () => {
    expect(matchQuoteOnPage("TABLE OF CONTENTS......... 27", [page])).toBe("spacing-only");
    expect(matchQuoteOnPage("Nr = 14 when Nk = 8", [page])).toBe("absent");
    expect(matchQuoteOnPage("   ", [page])).toBe("absent");
  });

  it("ignores control characters poppler prints for unmapped glyphs, and sub/superscripts set on their own line", () => {
    expect(quoteOnPage("of value ls = 0.1 [36].", ["smoothing of value \u000Fls = 0.1 [36]. This"])).toBe(true);
    expect(
      quoteOnPage("a feed-forward network with a single hidden layer.", [
        "using a feed-forward network with\n      k\na single hidden layer.",
      ]),
    ).toBe(true);
    expect(quoteOnPage("network with a single layer.", ["network with\nk\na single hidden layer."])).toBe(false);
  });

  it("accepts a quote that joined the page's line-end hyphenation", () => {
    expect(quoteOnPage("is illustrated in Fig. 2", ["This is illus-\ntrated in Fig. 2 below"])).toBe(true);
  });

  it("accepts a quote whose line-end hyphens poppler dropped, whatever follows them", () => {
    const poppler = "report (http://x.gov/baru/2018%20%20035%20-%20PKLQP%20Final.pdf), indicated";
    expect(
      quoteOnPage("report (http://x.gov/baru/2018%20-\n%20035%20-%20PK-\nLQP%20Final.pdf), indicated", [poppler]),
    ).toBe(true);
    // Only at a line end: a hyphen inside a line is a character of the quote.
    expect(quoteOnPage("report (http://x.gov/baru/2018%20-%20035", [poppler])).toBe(false);
  });

  it("takes a space before closing punctuation as no space, either way", () => {
    expect(
      quoteOnPage("the nondifferentiable locus of F in Rn.", ["the nondifferentiable locus of F in Rn . This"]),
    ).toBe(true);
    expect(quoteOnPage("at least twice in F (x ).", ["at least twice in F (x)."])).toBe(true);
    expect(quoteOnPage("locus of F in Rm.", ["locus of F in Rn . This"])).toBe(false);
  });
});
