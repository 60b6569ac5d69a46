import { describe, expect, it } from "vitest";
import { isSelfContained, selfContainedProblem } from "./self-contained";

describe("selfContainedProblem", () => {
  it("accepts a plain declarative sentence", () => {
    expect(selfContainedProblem("The AES algorithm uses a block size of 128 bits.", "sentence")).toBeNull();
    expect(isSelfContained("Encrypted data is stored in the State array.", "sentence")).toBe(true);
    // A verb of the third person before "both" is as sure a verb as before "the".
    expect(selfContainedProblem("The entry resets both seeds to a standard value.", "sentence")).toBeNull();
  });

  it.each([
    "It uses a block size of 128 bits.",
    "This means the key is expanded first.",
    "These values are given in hexadecimal.",
    "They are referred to as AES-128 and AES-256.",
    "Such use is encouraged for commercial organizations.",
    "However, the key length may vary.",
    "Moreover, the State is a two-dimensional array.",
    "Also the key schedule is derived from the key.",
    "Its length is 128 bits for every variant.",
    "Here the bytes are shifted to the left.",
    "In addition, implementations may support longer keys.",
    "As a result, the output block has 128 bits.",
    "The latter is used for decryption only.",
    "“It is a block cipher,” the standard says.",
  ])("rejects a sentence that points back: %s", (sentence) => {
    expect(selfContainedProblem(sentence, "sentence")).toBe("refers_back");
  });

  it("accepts a sentence opening with the document it stands in", () => {
    expect(selfContainedProblem("This standard becomes effective on May 26, 2002.", "sentence")).toBeNull();
    expect(selfContainedProblem("This specification registers the URN for JWTs.", "sentence")).toBeNull();
    expect(selfContainedProblem("This section registers the media type.", "sentence")).toBe("refers_back");
    expect(selfContainedProblem("This means the key is expanded first.", "sentence")).toBe("refers_back");
  });

  it("accepts an existential 'There is/are'", () => {
    expect(selfContainedProblem("There is no restriction on key selection.", "sentence")).toBeNull();
    expect(selfContainedProblem("There, the bytes are shifted cyclically.", "sentence")).toBe("refers_back");
  });

  it("rejects a sentence starting lowercase", () => {
    expect(selfContainedProblem("and decrypt data in blocks of 128 bits.", "sentence")).toBe("starts_lowercase");
  });

  it("rejects fragments", () => {
    expect(selfContainedProblem("Key Expansion.", "sentence")).toBe("too_short");
    expect(selfContainedProblem("The AES algorithm uses a block size of 128 bits", "sentence")).toBe(
      "no_terminal_punctuation",
    );
    expect(selfContainedProblem("Pseudo Code for the Inverse Cipher and Key Expansion.", "sentence")).toBe("no_verb");
    expect(selfContainedProblem("   ", "sentence")).toBe("empty");
  });

  it("rejects table debris", () => {
    expect(selfContainedProblem("AES-128 4 4 10 AES-192 6 4 12 AES-256 8 4 14 rounds are used.", "sentence")).toBe(
      "table_debris",
    );
    expect(
      selfContainedProblem("Key Length\n(Nk words)\nBlock Size\n(Nb words)\nNumber of\nRounds is\n(Nr).", "sentence"),
    ).toBe("table_debris");
  });

  it.each([
    ["a table of contents line", "1. Membership and cards ............................ 2"],
    ["spaced dot leaders", "Introduction . . . . . . . . 4 and the rest follows here."],
    ["an item opening after a semicolon", "Safety checklist: 1. Check the tyre pressure weekly; 2. Inspect the pads."],
    [
      "items opening later lines",
      "Notation and conventions used in the algorithm;\n4. Mathematical properties that are useful in understanding it.",
    ],
    ["a bullet on a later line", "Safe operation is improved through design;\n• clear information to deployers."],
    ["an RFC bullet on a later line", "The registry contents are listed here:\no Claim Name is registered."],
    ["a fragment cut before its next item", "Inspect the brake pads every 1,000 km; 3."],
    ["a bullet opening a fragment", "• responsible decision-making by deployers and end users is needed."],
  ])("rejects list debris: %s", (_, sentence) => {
    expect(selfContainedProblem(sentence, "sentence")).toBe("list_debris");
  });

  it("keeps sentences that merely enumerate inline or end a date", () => {
    expect(
      selfContainedProblem(
        "The round function has four transformations: 1) byte substitution, 2) shifting rows, and 3) mixing columns.",
        "sentence",
      ),
    ).toBeNull();
    expect(selfContainedProblem("This standard becomes effective on May 26, 2002.", "sentence")).toBeNull();
    expect(selfContainedProblem("Some modes need an IV; i.e. a nonce is used.", "sentence")).toBeNull();
  });

  it("does not count a verb inside brackets", () => {
    expect(selfContainedProblem("Advanced Encryption Standard (AES) (affixed).", "claim")).toBe("no_verb");
    expect(selfContainedProblem("The cipher can encrypt (encipher) data.", "claim")).toBeNull();
  });

  it("rejects an overlong sentence", () => {
    const sentence = `The key schedule ${"enlarges the key and ".repeat(30)}ends.`;
    expect(selfContainedProblem(sentence, "sentence")).toBe("too_long");
    expect(selfContainedProblem(sentence, "claim")).toBeNull();
  });

  it("is more lenient for claims than for extracted sentences", () => {
    expect(selfContainedProblem("AES has 10 rounds", "claim")).toBeNull();
    expect(selfContainedProblem("AES has 10 rounds", "sentence")).toBe("too_short");
    expect(selfContainedProblem("128 bits", "claim")).toBe("too_short");
    expect(selfContainedProblem("Block size: 128 bits.", "claim")).toBe("no_verb");
    expect(selfContainedProblem("It has 10 rounds.")).toBe("refers_back");
  });

  it("takes an unlisted -s word before a determiner for a verb", () => {
    expect(selfContainedProblem("The round function permutes the bytes of the State.", "sentence")).toBeNull();
    expect(selfContainedProblem("The round function bytes of the array.", "sentence")).toBe("no_verb");
  });

  it("reads a relation set as a sign between two terms as a verb", () => {
    expect(selfContainedProblem("In the 4 mA–20 mA range 1 LSB = 244 nA.", "sentence")).toBeNull();
    expect(selfContainedProblem("For this standard, Nb = 4.", "claim")).toBeNull();
    expect(selfContainedProblem("Screen, a special paper size with (W,H) = (225mm,180mm).", "claim")).toBeNull();
    expect(selfContainedProblem("Key sizes (Nk = 4) and (Nb = 4).", "claim")).toBe("no_verb");
    expect(selfContainedProblem("Block size and key size = .", "claim")).toBe("no_verb");
  });

  it("counts participles as verbs but not an opening one", () => {
    expect(selfContainedProblem("The State array gets transformed.", "claim")).toBeNull();
    expect(selfContainedProblem("Keys rotated weekly by administrators.", "claim")).toBeNull();
    expect(selfContainedProblem("Encrypted data blocks.", "claim")).toBe("no_verb");
  });
});
