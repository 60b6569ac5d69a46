import { describe, expect, it } from "vitest";
import { foldMarks, formsOf, isContentWord, wordForms } from "./word-forms";

describe("wordForms", () => {
  it("gives lemmas and stems so inflected and derived forms meet", () => {
    expect(formsOf("paid")).toContain("pay");
    expect(formsOf("payments")).toContain("payment");
    expect(formsOf("criteria")).toContain("criterion");
    const encryption = formsOf("encryption");
    expect(formsOf("encrypted").some((form) => encryption.includes(form))).toBe(true);
  });

  it("keys figures in digits and in words alike", () => {
    const words = wordForms("Nr = 14 rounds; fourteen rounds; twenty one days; 1,000 km");
    const keys = words.flatMap((word) => word.forms.filter((form) => form.startsWith("#")));
    expect(keys).toEqual(expect.arrayContaining(["#14", "#21", "#1000"]));
    expect(keys.filter((key) => key === "#14")).toHaveLength(2);
  });

  it("marks stopwords as not content", () => {
    const words = wordForms("What is the key length?");
    expect(words.filter(isContentWord).map((word) => word.surface)).toEqual(["key", "length"]);
    // A preposition says where or when, not what: "inside a lock file" is about the lock file.
    const placed = wordForms("How is the PID written inside a lock file during boot?");
    expect(placed.filter(isContentWord).map((word) => word.surface)).toEqual([
      "pid",
      "written",
      "lock",
      "file",
      "boot",
    ]);
  });
});

describe("hyphenated words", () => {
  it("meet the pair written solid, both ways", () => {
    const hyphenated = wordForms("Each pre-training run took four days.");
    expect(hyphenated[1]?.forms).toContain("pretraining");
    expect(hyphenated[2]?.forms).toContain("pretraining");
    const solid = wordForms("Each pretraining run took four days.");
    expect(solid[1]?.forms.some((form) => hyphenated[1]?.forms.includes(form))).toBe(true);
    // Only a hyphen between two letter words joins them: not a dash, a space or a figure.
    expect(wordForms("pre training")[0]?.forms).not.toContain("pretraining");
    expect(wordForms("pre \u2013 training")[0]?.forms).not.toContain("pretraining");
    expect(wordForms("AES-256")[0]?.forms).not.toContain("aes256");
  });
});

describe("foldMarks", () => {
  it("matches a word whatever its accents, also a diaeresis a PDF sets apart", () => {
    expect(foldMarks("Gröbner")).toBe("Grobner");
    expect(wordForms("Gr\u00a8obner bases")[0]?.surface).toBe("grobner");
  });
});
