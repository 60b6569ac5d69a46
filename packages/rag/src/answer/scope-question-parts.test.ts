import { describe, expect, it } from "vitest";
import { scopeQuestionParts, splitAsWellAs, subjectOf } from "./scope-question-parts";

describe("scopeQuestionParts", () => {
  it("gives a pronoun the subject of the part before", () => {
    expect(scopeQuestionParts(["Who publishes the standard?", "When was it approved?"])).toEqual([
      "Who publishes the standard?",
      "When was the standard approved?",
    ]);
    expect(scopeQuestionParts(["What is AES?", "How many rounds does it use?"])).toEqual([
      "What is AES?",
      "How many rounds does AES use?",
    ]);
  });

  it("asks a part that names nothing of its own about what the part before asked", () => {
    expect(scopeQuestionParts(["Who introduced the symbol ∂?", "in what year?"])).toEqual([
      "Who introduced the symbol ∂?",
      "In what year introduced the symbol ∂?",
    ]);
    // The noun after "which" names what is asked about, so it stays with the rest.
    expect(scopeQuestionParts(["Which standard is cited?", "when was it?"])[1]).toBe("When standard is cited?");
    // A part asking something of its own is left alone.
    expect(scopeQuestionParts(["Who wrote it?", "Which year saw the second edition?"])[1]).toBe(
      "Which year saw the second edition?",
    );
  });

  it("asks a question word's own noun of what the part before asked, with a preposition or alone", () => {
    expect(scopeQuestionParts(["When was the library founded?", "In whose honor?"])[1]).toBe(
      "In whose honor was the library founded?",
    );
    expect(scopeQuestionParts(["What is the default port?", "For which protocol?"])[1]).toBe(
      "For which protocol is the default port?",
    );
    // Without a preposition the part asks for what it names; a verb of its own ("what happened?") makes a question of its own.
    expect(scopeQuestionParts(["How many rounds?", "Which key lengths?"])[1]).toBe("Which key lengths?");
    expect(scopeQuestionParts(["Who designed the tower?", "What happened?"])[1]).toBe("What happened?");
  });

  it("gives later parts the scope set by the first part's lead-in phrase", () => {
    expect(
      scopeQuestionParts(["For the dumb terminal, what is the default size?", "What is the default aspect?"]),
    ).toEqual([
      "For the dumb terminal, what is the default size?",
      "For the dumb terminal, what is the default aspect?",
    ]);
    // A "when" that asks is no scene, and a part with a lead-in of its own keeps it.
    expect(scopeQuestionParts(["When was it released, what is it?", "What is the fee?"])[1]).toBe("What is the fee?");
    expect(scopeQuestionParts(["In AES, what is the block size?", "In DES, what is the key size?"])[1]).toBe(
      "In DES, what is the key size?",
    );
  });

  it("gives a bare 'which X of Y' the predicate of the part after it, which English says once", () => {
    expect(
      scopeQuestionParts([
        "Which version of R?",
        "Which version of the sandwich package were used for the computations in the paper?",
      ]),
    ).toEqual([
      "Which version of R were used for the computations in the paper?",
      "Which version of the sandwich package were used for the computations in the paper?",
    ]);
    // A part with a verb of its own, or a next part opening on another question word, keeps its words.
    const own = ["Which version of R is current?", "Which version of zoo was used?"];
    expect(scopeQuestionParts(own)).toEqual(own);
    const other = ["Which version of R?", "Who maintains the sandwich package?"];
    expect(scopeQuestionParts(other)).toEqual(other);
  });

  it("leaves parts without a pronoun, and a first part, as they are", () => {
    const parts = ["Where is the head office?", "Within how many days may a customer cancel?"];
    expect(scopeQuestionParts(parts)).toEqual(parts);
    expect(scopeQuestionParts(["Is it symmetric?"])).toEqual(["Is it symmetric?"]);
  });

  it("splits 'as well as' between noun phrases, each with the opening and the trailing scope", () => {
    expect(splitAsWellAs("What is the block size as well as the number of rounds for AES-256?")).toEqual([
      "What is the block size for AES-256?",
      "What is the number of rounds for AES-256?",
    ]);
    expect(splitAsWellAs("What are the key lengths and block sizes of AES?")).toBeNull();
    expect(splitAsWellAs("Summarise the plan as well as the budget")).toBeNull();
  });

  it("puts the second phrase in place of a verb's object, keeping the verb", () => {
    expect(splitAsWellAs("How does the guide define a precursor, as well as an indicator?")).toEqual([
      "How does the guide define a precursor?",
      "How does the guide define an indicator?",
    ]);
  });

  it("takes a name with its number as a pronoun's subject", () => {
    expect(scopeQuestionParts(["When was FIPS 197 issued?", "When did it take effect?"])).toEqual([
      "When was FIPS 197 issued?",
      "When did FIPS 197 take effect?",
    ]);
  });

  it("finds a name before a determiner phrase as the subject", () => {
    expect(subjectOf("What media type is registered for JWT?")).toBe("JWT");
    expect(subjectOf("Where is the head office?")).toBe("the head office");
    expect(subjectOf("Why?")).toBeNull();
  });

  it("takes the noun phrase a name qualifies, not the name alone", () => {
    expect(
      scopeQuestionParts([
        "What is the minimum length of a Debian package name?",
        "What kind of character must it start with?",
      ])[1],
    ).toBe("What kind of character must a Debian package name start with?");
    // A phrase running on through a preposition is not one noun phrase: the name stays.
    expect(subjectOf("What is the block size of AES?")).toBe("AES");
    // Only a preposition's object is surely a noun phrase: here the phrase ends on the verb.
    expect(subjectOf("In what language was the ESA implemented?")).toBe("ESA");
  });

  it("takes a subject without a determiner between the auxiliary and the closing verb", () => {
    expect(
      scopeQuestionParts([
        "What octal permission mode should directories in a release tarball have now?",
        "What mode did GNU formerly recommend for them?",
      ])[1],
    ).toBe("What mode did GNU formerly recommend for directories in a release tarball?");
    expect(subjectOf("How many tests do regression suites contain?")).toBe("regression suites");
    // A pronoun or a name is no such subject: the name is found as a name.
    expect(subjectOf("What do you recommend?")).toBeNull();
    expect(subjectOf("What mode did GNU formerly recommend?")).toBe("GNU");
  });
});
