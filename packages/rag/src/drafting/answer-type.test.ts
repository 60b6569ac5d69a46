import { describe, expect, it } from "vitest";
import { expectedAnswer, mainClause, statesAnswerKind } from "./answer-type";

describe("expectedAnswer", () => {
  it.each([
    ["How often should the chain be lubricated?", "frequency"],
    ["How long can books be borrowed?", "duration"],
    ["By default, how long a cell barcode does the tool expect?", "quantity"],
    ["How long did recovery take?", "duration"],
    ["How much time does charging take?", "duration"],
    ["When does the standard become effective?", "time"],
    ["In which year was it published?", "time"],
    ["What year was it published?", "time"],
    ["How many rounds does AES-256 use?", "quantity"],
    ["What is the block size of AES?", "quantity"],
    ["What tyre pressure should be used?", "quantity"],
    ["What is residual risk?", null],
    ["Who will present the annual accounts?", null],
  ])("reads %j as asking for %s", (question, kind) => {
    expect(expectedAnswer(question).kind).toBe(kind);
  });

  it("reads past a scene-setting clause with commas inside its brackets", () => {
    const question = "When the model is fitted with the robust estimator (kernel, lag(2) weights), what is the error?";
    expect(mainClause(question)).toBe("what is the error?");
    expect(expectedAnswer(question).kind).not.toBe("time");
  });

  it("reads the question after a scene-setting clause, not the clause's 'when'", () => {
    expect(
      expectedAnswer("When switching a double integral to polar coordinates, what extra factor is needed?").kind,
    ).toBeNull();
    expect(expectedAnswer("If the driver does not match the program, how many drivers are tried?").kind).toBe(
      "quantity",
    );
    expect(expectedAnswer("When was the standard published, and by whom?").kind).toBe("time");
    expect(mainClause("When a lock is held, which process owns it?")).toBe("which process owns it?");
  });

  it("takes an estimated, average, mean or median thing to be a figure, and 'mean' as a verb not", () => {
    expect(expectedAnswer("What is the estimated fixed-effect intercept?").kind).toBe("quantity");
    expect(expectedAnswer("What was the mean delay of the second group?").kind).toBe("quantity");
    expect(expectedAnswer("What does the term residual mean?").kind).toBeNull();
  });

  it("reads the kind of answer from the question sentence, not from the situation told before it", () => {
    const question =
      "My program stores a large number of records in a table of limited size. Which option makes the tool resolve collisions with linked lists?";
    expect(mainClause(question)).toBe("Which option makes the tool resolve collisions with linked lists?");
    expect(expectedAnswer(question).kind).toBeNull();
    expect(expectedAnswer("I copy files nightly. How many copies are kept?").kind).toBe("quantity");
    // An abbreviation's full stop ends no statement, and neither does a question before a question.
    expect(mainClause("What size is Fig. 3 in the paper?")).toBe("What size is Fig. 3 in the paper?");
    expect(mainClause("See e.g. the manual. What is the limit?")).toBe("What is the limit?");
    expect(mainClause("What is the default? And how many rounds?")).toBe("What is the default? And how many rounds?");
    // The longest question the API takes, made of statements and no question mark: read in one pass
    // (a single pattern over it once backtracked for minutes).
    const statements = "Data. ".repeat(333);
    expect(mainClause(statements)).toBe(statements);
    expect(mainClause(`${statements}Which one?`)).toBe("Which one?");
  });

  it("takes the head of 'which X Y does …' for the kind asked, past its modifiers", () => {
    expect(expectedAnswer("Which index class does zoo use for quarterly (frequency 4) series?").kind).toBeNull();
    expect(expectedAnswer("Which key length does the cipher use?").kind).toBe("quantity");
    expect(expectedAnswer("What maximum frame size does the driver accept?").kind).toBe("quantity");
    expect(expectedAnswer("What default bandwidth h does efp use when h is not given?").kind).toBe("quantity");
    expect(expectedAnswer("If no cutoff is given, what default maximum time is used?").kind).toBe("quantity");
  });

  it("takes 'which X is …' to ask for an X unless X is a measure", () => {
    expect(expectedAnswer("In which direction is a function's rate of change greatest?").kind).toBeNull();
    expect(expectedAnswer("Which values can the key length Nk take?").kind).toBe("quantity");
    expect(expectedAnswer("What size is the block?").kind).toBe("quantity");
    expect(expectedAnswer("On which page does the chapter on vector calculus begin?").kind).toBe("quantity");
    expect(expectedAnswer("According to the contents, on which page does chapter 4 begin?").kind).toBe("quantity");
    // A span or a range of values is a measure too: "[0:360]", "from 1 to 64".
    expect(expectedAnswer("What span does the hue setting cover by default?").kind).toBe("quantity");
    expect(expectedAnswer("Over what range can the gain be set?").kind).toBe("quantity");
  });

  it("names the noun a how-many question counts", () => {
    expect(expectedAnswer("How many rounds does AES-256 use?").counted).toBe("round");
    expect(expectedAnswer("How many street lamps will be replaced?").counted).toBe("street");
    expect(expectedAnswer("How much does a card cost?").counted).toBeNull();
  });

  it("names the measured attribute asked about", () => {
    expect(expectedAnswer("What is the battery capacity of the K7?").attribute?.term).toBe("capacity");
    expect(expectedAnswer("What is the notice period of the lease?").attribute?.term).toBe("period");
    expect(expectedAnswer("How long is the warranty on the frame?").attribute).toBeNull();
    expect(expectedAnswer("What is residual risk?").attribute).toBeNull();
  });
});

describe("statesAnswerKind", () => {
  it("finds a new figure for a quantity, not one the question holds or a reference", () => {
    expect(statesAnswerKind("Members may borrow at most 25 items at once.", "quantity")).toBe(true);
    expect(statesAnswerKind("The State consists of four rows of bytes.", "quantity")).toBe(true);
    expect(statesAnswerKind("AES-256 uses a key of 256 bits.", "quantity", "How many rounds does AES-256 use?")).toBe(
      false,
    );
    expect(statesAnswerKind("The rounds are described in Section 5.1.", "quantity")).toBe(false);
    expect(statesAnswerKind("The Kestrel K7 is a trekking e-bike.", "quantity")).toBe(false);
  });

  it("needs a time or length unit for a duration", () => {
    expect(statesAnswerKind("Books may be borrowed for 21 days.", "duration")).toBe(true);
    expect(statesAnswerKind("Work is expected to last eleven weeks.", "duration")).toBe(true);
    expect(statesAnswerKind("The name should not exceed 8 characters.", "duration")).toBe(true);
    expect(statesAnswerKind("The handbook applies to all four branches.", "duration")).toBe(false);
  });

  it("needs a date, a year, a clock time or a span for a time", () => {
    expect(statesAnswerKind("This standard becomes effective on May 26, 2002.", "time")).toBe(true);
    expect(statesAnswerKind("The meeting starts at 19:00 in the hall.", "time")).toBe(true);
    expect(statesAnswerKind("The first service is due after three months.", "time")).toBe(true);
    expect(statesAnswerKind("Implementations may support longer keys.", "time")).toBe(false);
  });

  it("needs a rhythm for a frequency", () => {
    expect(statesAnswerKind("Lubricate the chain every 300 km.", "frequency")).toBe(true);
    expect(statesAnswerKind("Comments are reviewed on a semi-annual basis.", "frequency")).toBe(true);
    expect(statesAnswerKind("Check the tyres weekly.", "frequency")).toBe(true);
    expect(statesAnswerKind("The chain must be lubricated.", "frequency")).toBe(false);
  });
});

describe("statesAnswerKind for a span without a figure", () => {
  it("takes 'within several days' as a duration", () => {
    expect(statesAnswerKind("The meeting should be held within several days of the end.", "duration")).toBe(true);
    expect(statesAnswerKind("The meeting should be held soon.", "duration")).toBe(false);
  });
});
