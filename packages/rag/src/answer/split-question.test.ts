import { describe, expect, it } from "vitest";
import { splitQuestion } from "./split-question";

const parts = (question: string) => splitQuestion(question).parts;

describe("splitQuestion", () => {
  it("asks a shared question of two names once for each, but keeps a question about the pair whole", () => {
    expect(
      splitQuestion("What are the default values of --outFilterMultimapNmax and --winAnchorMultimapNmax?").parts,
    ).toEqual([
      "What are the default values of --outFilterMultimapNmax?",
      "What are the default values of --winAnchorMultimapNmax?",
    ]);
    expect(splitQuestion("What are the key lengths of AES-128 and AES-256?").parts).toHaveLength(2);
    expect(splitQuestion("What is the difference of AES-128 and AES-256?").parts).toHaveLength(1);
    expect(splitQuestion("What are the rights of tenants and landlords?").parts).toHaveLength(1);
  });

  it("keeps a simple question whole", () => {
    expect(
      splitQuestion("When switching a double integral to polar coordinates, what extra factor must not be left out?")
        .parts,
    ).toEqual(["When switching a double integral to polar coordinates, what extra factor must not be left out?"]);
    expect(splitQuestion("Where is the office, what are its hours?").parts).toHaveLength(2);
    expect(splitQuestion("What is the block size of AES?")).toEqual({
      parts: ["What is the block size of AES?"],
      notAnswered: [],
    });
  });

  it("leaves out the conjunction that joined two questions at a semicolon", () => {
    expect(parts("When was the verdict reached; and when is the trial scheduled to begin?")).toEqual([
      "When was the verdict reached?",
      "When is the trial scheduled to begin?",
    ]);
  });

  it("splits at 'and' followed by a new question", () => {
    expect(parts("What is the cancellation window and which areas are served?")).toEqual([
      "What is the cancellation window?",
      "Which areas are served?",
    ]);
  });

  it("splits at ', and' and at a comma between two questions", () => {
    expect(parts("What is AES, and how many rounds does it use?")).toEqual([
      "What is AES?",
      "How many rounds does AES use?",
    ]);
    expect(parts("What is AES, how is the key expanded?")).toEqual(["What is AES?", "How is the key expanded?"]);
  });

  it("does not split at a comma after an introductory phrase", () => {
    expect(parts("In AES, what is the block size?")).toEqual(["In AES, what is the block size?"]);
    expect(parts("If the key is lost, what happens?")).toEqual(["If the key is lost, what happens?"]);
  });

  it("splits before a question asked on the answer to the one before ('and if not, what …')", () => {
    expect(parts("Is it OK to put a dot in a cron file name, and if not, what character should I use?")).toEqual([
      "Is it OK to put a dot in a cron file name?",
      "If not (is it OK to put a dot in a cron file name?), what character should I use?",
    ]);
    expect(parts("Can the key be reused? If so, for how long?")).toEqual([
      "Can the key be reused?",
      "If so (can the key be reused?), for how long?",
    ]);
    // A condition of the question's own is no follow-on.
    expect(parts("If not set, what is the default?")).toEqual(["If not set, what is the default?"]);
  });

  it("splits on question marks", () => {
    expect(parts("What is AES? Who published it?")).toEqual(["What is AES?", "Who published AES?"]);
  });

  it("splits on semicolons and gives question parts a question mark", () => {
    expect(parts("what is the key length; what is the block size")).toEqual([
      "What is the key length?",
      "What is the block size?",
    ]);
  });

  it("never splits inside noun phrases", () => {
    expect(parts("What are the terms and conditions?")).toEqual(["What are the terms and conditions?"]);
    expect(parts("How do encryption and decryption differ?")).toEqual(["How do encryption and decryption differ?"]);
    expect(parts("What are the key length and block size of AES?")).toEqual([
      "What are the key length and block size of AES?",
    ]);
  });

  it("does not split 'between X and Y' or 'both X and Y'", () => {
    expect(parts("What is the difference between what is stored and what is sent?")).toEqual([
      "What is the difference between what is stored and what is sent?",
    ]);
    expect(parts("Does it cover both who may cancel and when refunds apply?")).toEqual([
      "Does it cover both who may cancel and when refunds apply?",
    ]);
  });

  it("splits a comma and a conjunction before a question word led by a preposition", () => {
    expect(parts("Where is the head office, and within how many days may a customer cancel?")).toEqual([
      "Where is the head office?",
      "Within how many days may a customer cancel?",
    ]);
    expect(parts("Who signs the lease, and in which month is rent reviewed?")).toEqual([
      "Who signs the lease?",
      "In which month is rent reviewed?",
    ]);
  });

  it("splits at 'and also', 'but' and 'as well as'", () => {
    expect(parts("What is the key length, and also how many rounds does AES-128 use?")).toEqual([
      "What is the key length?",
      "How many rounds does AES-128 use?",
    ]);
    expect(parts("What does the plan cover as well as who approves it?")).toEqual([
      "What does the plan cover?",
      "Who approves the plan?",
    ]);
    expect(parts("What is the block size as well as the number of rounds for AES-256?")).toEqual([
      "What is the block size for AES-256?",
      "What is the number of rounds for AES-256?",
    ]);
  });

  it("asks a closing 'and when?' or 'and in what year?' of what the first part asks about", () => {
    expect(parts("Who wrote these notes, and when?")).toEqual(["Who wrote these notes?", "When wrote these notes?"]);
    expect(parts("Who introduced the symbol ∂, and in what year?")).toEqual([
      "Who introduced the symbol ∂?",
      "In what year introduced the symbol ∂?",
    ]);
    // "why" and "how" alone are left in the question; a bare word after a comma alone is no new part.
    expect(parts("What is the block size of AES, and why?")).toEqual(["What is the block size of AES, and why?"]);
    expect(parts("Who wrote these notes, when?")).toEqual(["Who wrote these notes, when?"]);
  });

  it("gives a later part the subject its pronoun stands for", () => {
    expect(parts("Who publishes the standard and when was it approved?")).toEqual([
      "Who publishes the standard?",
      "When was the standard approved?",
    ]);
  });

  it("splits at an inverted auxiliary with a subject", () => {
    expect(parts("Is AES symmetric and does it use a 128-bit block?")).toEqual([
      "Is AES symmetric?",
      "Does AES use a 128-bit block?",
    ]);
    expect(parts("What is Rijndael and is AES the same thing?")).toEqual([
      "What is Rijndael?",
      "Is AES the same thing?",
    ]);
    expect(parts("Who approves the standard and can a vendor extend it?")).toEqual([
      "Who approves the standard?",
      "Can a vendor extend the standard?",
    ]);
  });

  it("does not split where the auxiliary continues a verb phrase", () => {
    expect(parts("Which keys are weak and can be rejected?")).toEqual(["Which keys are weak and can be rejected?"]);
    expect(parts("What happens if the key is lost and can't be recovered?")).toEqual([
      "What happens if the key is lost and can't be recovered?",
    ]);
    expect(parts("Which cipher uses 128-bit keys and has a fixed block size?")).toEqual([
      "Which cipher uses 128-bit keys and has a fixed block size?",
    ]);
    expect(parts("Which mode is approved and is used for storage?")).toEqual([
      "Which mode is approved and is used for storage?",
    ]);
  });

  it("does not split when a side would be a single word", () => {
    expect(parts("Who and why?")).toEqual(["Who and why?"]);
  });

  it("keeps an imperative request and its punctuation", () => {
    expect(parts("Summarise the key schedule.")).toEqual(["Summarise the key schedule."]);
    expect(parts("Describe the key schedule and how it is computed")).toEqual([
      "Describe the key schedule",
      "How the key schedule is computed?",
    ]);
  });

  it("sends parts beyond the third to notAnswered verbatim", () => {
    expect(
      splitQuestion(
        "What is the key length and what is the block size and how many rounds are there and who wrote it?",
      ),
    ).toEqual({
      parts: ["What is the key length?", "What is the block size?", "How many rounds are there?"],
      notAnswered: ["who wrote it?"],
    });
    expect(splitQuestion("A one? B two? C three? D four? E five; F six").notAnswered).toEqual([
      "D four?",
      "E five",
      "F six",
    ]);
  });

  it("ignores empty segments and stray punctuation", () => {
    expect(splitQuestion("?? ; What is AES??  ;")).toEqual({ parts: ["What is AES?"], notAnswered: [] });
    expect(splitQuestion("   ")).toEqual({ parts: [], notAnswered: [] });
  });

  it("capitalises a part and keeps the rest of its case", () => {
    expect(parts("what does NIST publish?")).toEqual(["What does NIST publish?"]);
  });

  it("is not fooled by 'and' inside words", () => {
    expect(parts("What is the standard and bandwidth of the candidate?")).toEqual([
      "What is the standard and bandwidth of the candidate?",
    ]);
  });
});
