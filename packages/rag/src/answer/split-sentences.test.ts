import { describe, expect, it } from "vitest";
import { splitSentences } from "./split-sentences";

const texts = (text: string) => splitSentences(text).map((sentence) => sentence.text);

describe("splitSentences", () => {
  it("splits on terminal punctuation followed by a capital", () => {
    expect(texts("AES is a block cipher. It has three key sizes! Is it fast? Yes.")).toEqual([
      "AES is a block cipher.",
      "It has three key sizes!",
      "Is it fast?",
      "Yes.",
    ]);
  });

  it("returns exact substrings with their offsets, keeping inner line breaks", () => {
    const text = "  The AES algorithm uses keys\nof 128 bits.   The State is 4x4.  ";
    const sentences = splitSentences(text);
    expect(sentences.map((s) => s.text)).toEqual(["The AES algorithm uses keys\nof 128 bits.", "The State is 4x4."]);
    for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });

  it("does not split after abbreviations", () => {
    expect(
      texts("Some modes (e.g. CBC) need an IV, i.e. a nonce. See Sec. 3.1 for details. Compare Fig. 4 and Eq. 2."),
    ).toEqual([
      "Some modes (e.g. CBC) need an IV, i.e. a nonce.",
      "See Sec. 3.1 for details.",
      "Compare Fig. 4 and Eq. 2.",
    ]);
  });

  it("does not split inside decimals or section numbers", () => {
    expect(texts("The ratio is 1.5 on average. Section 5.1.3 describes it. See Sec. 5.1.3. The end.")).toEqual([
      "The ratio is 1.5 on average.",
      "Section 5.1.3 describes it.",
      "See Sec. 5.1.3.",
      "The end.",
    ]);
  });

  it("does not split after initials or an opening enumerator", () => {
    expect(texts("Designed by J. Daemen and V. Rijmen. 1. Name of Standard. Advanced Encryption Standard.")).toEqual([
      "Designed by J. Daemen and V. Rijmen.",
      "1. Name of Standard.",
      "Advanced Encryption Standard.",
    ]);
    expect(texts("It is a U.S. Government work.")).toEqual(["It is a U.S. Government work."]);
  });

  it("ends a sentence after a unit's one-letter symbol that follows a figure, but not after an initial", () => {
    expect(
      texts("It runs from 12 V to 32 V. Output compliance is 0 V to VCC. It works to +85°C. Designed by V. Rijmen."),
    ).toEqual([
      "It runs from 12 V to 32 V.",
      "Output compliance is 0 V to VCC.",
      "It works to +85°C.",
      "Designed by V. Rijmen.",
    ]);
    expect(texts("It answers within 10 ms. The timeout is 5 sec. See Sec. 4 and Ms. Smith.")).toEqual([
      "It answers within 10 ms.",
      "The timeout is 5 sec.",
      "See Sec. 4 and Ms. Smith.",
    ]);
    expect(texts("Set it to 5 A. Smith found that 2 P. Jones …")).toEqual([
      "Set it to 5 A.",
      "Smith found that 2 P. Jones …",
    ]);
  });

  it("does not split before a lowercase word", () => {
    expect(texts("Values are in hex. and so on.")).toEqual(["Values are in hex. and so on."]);
  });

  it("keeps closing quotes and brackets with the sentence and handles ellipses", () => {
    expect(texts('He said "stop." Then (briefly.) More... Done')).toEqual([
      'He said "stop."',
      "Then (briefly.)",
      "More...",
      "Done",
    ]);
  });

  it("ends a sentence at a blank line", () => {
    expect(texts("Key Expansion\n\nThe key is expanded")).toEqual(["Key Expansion", "The key is expanded"]);
  });

  it("separates a heading line from the sentence under it", () => {
    const text =
      "Intro ends here.\n3.1 Inputs and Outputs\nThe input and output for the AES algorithm each consist of sequences of 128 bits.";
    expect(texts(text)).toEqual([
      "Intro ends here.",
      "3.1 Inputs and Outputs",
      "The input and output for the AES algorithm each consist of sequences of 128 bits.",
    ]);
  });

  it("does not treat a wrapped line before a capitalised word as a heading", () => {
    const text = "The bits are numbered from zero. The Cipher\nKey is a sequence of bits.";
    expect(texts(text)).toEqual(["The bits are numbered from zero.", "The Cipher\nKey is a sequence of bits."]);
    const long = "This line is much longer than any heading would normally be in a document\nAnd continues.";
    expect(texts(long)).toEqual([long]);
  });

  it("ends a sentence at a line ending in a colon", () => {
    expect(texts("The S-box can be expressed as:\n1 The various transformations act upon the State.")).toEqual([
      "The S-box can be expressed as:",
      "1 The various transformations act upon the State.",
    ]);
  });

  it("keeps a numbered list item whole when the number opens a line", () => {
    const text =
      "This specification includes the following sections;\n2. Definitions of terms and acronyms;\n3. Notation.";
    expect(texts(text)).toEqual([text]);
  });

  it("separates a figure caption line from the heading and sentence after it", () => {
    const text =
      "out = state, with every round of the cipher applied in the order given by the standard text here.\nFigure 5. Pseudo Code for the Cipher.1\n5.1.1 SubBytes()Transformation\nThe SubBytes() transformation is a non-linear byte substitution.";
    expect(texts(text)).toEqual([
      "out = state, with every round of the cipher applied in the order given by the standard text here.",
      "Figure 5.",
      "Pseudo Code for the Cipher.1",
      "5.1.1 SubBytes()Transformation",
      "The SubBytes() transformation is a non-linear byte substitution.",
    ]);
  });

  it("ends a sentence at a line end before a footer or a bullet, but not before a lowercase line", () => {
    expect(texts("The next meeting is on 11 April.\n- 1 -")).toEqual(["The next meeting is on 11 April.", "- 1 -"]);
    expect(texts("Safe operation is improved.\n• clear information;")).toEqual([
      "Safe operation is improved.",
      "• clear information;",
    ]);
    expect(texts("Values are in hex.\nand so on.")).toEqual(["Values are in hex.\nand so on."]);
    expect(texts("See Sec.\n6.3 for the table.")).toEqual(["See Sec.\n6.3 for the table."]);
  });

  it("handles empty and unpunctuated text", () => {
    expect(splitSentences("")).toEqual([]);
    expect(splitSentences("   \n ")).toEqual([]);
    expect(texts("no punctuation at all")).toEqual(["no punctuation at all"]);
  });
});
