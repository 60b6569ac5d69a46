import { describe, expect, it } from "vitest";
import { analyseQuestion, answerTypeOf, searchText } from "./question-analysis";
import type { Lexicon } from "./wordnet-lexicon";

/** A lexicon that knows one word, so tests do not depend on WordNet's senses. */
const lexicon: Lexicon = { related: (word) => (word === "pay" ? ["payment", "due"] : []) };

describe("answerTypeOf", () => {
  it("maps question wording to the kind of answer", () => {
    expect(answerTypeOf("By default, in what proportion are the margins split?")).toBe("percentage");
    expect(answerTypeOf("What margin ratio is used for two-sided documents?")).toBe("percentage");
    expect(answerTypeOf("What left-to-right (inner-to-outer) margin ratio does it use?")).toBe("percentage");
    expect(answerTypeOf("How likely is a bit to be flipped during mutation?")).toBe("percentage");
    expect(answerTypeOf("Which directory does the standard set aside for crash dumps?")).toBe("path");
    expect(answerTypeOf("What configuration file does the package read at start-up?")).toBe("path");
    expect(answerTypeOf("Are subdirectories allowed inside /bin?")).toBe("polar");
    expect(answerTypeOf("Which driver does geometry end up selecting?")).toBe("name");
    expect(answerTypeOf("In what language was the algorithm implemented?")).toBe("name");
    // A setting's value: a figure or a keyword.
    expect(answerTypeOf("In the connection string, what is the default value of the Port field?")).toBe("value");
    expect(answerTypeOf("What default value does dot use for the mclimit parameter?")).toBe("value");
    expect(answerTypeOf("What is the value of education?")).toBe("value");
    expect(answerTypeOf("What default port does the ODBC table driver use?")).toBe("value");
    // Settings, flags, keywords and the like of a program are known by their names too.
    expect(answerTypeOf("Which setting does the tutorial advise me to raise?")).toBe("name");
    expect(answerTypeOf("Which attribute sets the dimension of a set?")).toBe("name");
    // A modifier printed as an identifier: "./configure", "compile-time".
    expect(answerTypeOf("In the grep session, which ./configure option disables Perl regexp support?")).toBe("name");
    expect(answerTypeOf("Is it acceptable to wipe /var/tmp when the machine starts?")).toBe("polar");
    expect(answerTypeOf("Is there a maximum number of retries?")).toBe("quantity");
    expect(answerTypeOf("When switching to polar coordinates, what factor must not be left out?")).toBeNull();
    expect(answerTypeOf("How many rounds does AES-256 use?")).toBe("count");
    expect(answerTypeOf("When do I have to pay the rent?")).toBe("time");
    expect(answerTypeOf("How long do refunds take?")).toBe("duration");
    // A hyphenated modifier before "time" still asks a span, and is not what is measured.
    expect(answerTypeOf("How much wall-clock time did the base models need for training?")).toBe("duration");
    const nouns: Lexicon = { related: () => [], mostlyNoun: () => true };
    expect(analyseQuestion("How much high-speed memory does it have?", nouns).counted).toBe("memory");
    expect(answerTypeOf("What percentage of revenue came from licensing?")).toBe("percentage");
    expect(answerTypeOf("Who approved the standard?")).toBe("person");
    expect(answerTypeOf("Which company provided the tracking data?")).toBe("person");
    expect(answerTypeOf("At which medical institution were the patients diagnosed?")).toBe("person");
    expect(answerTypeOf("Which component provided the data?")).toBeNull();
    expect(answerTypeOf("What is a tropical semiring?")).toBe("definition");
    expect(answerTypeOf("How often is the filter replaced?")).toBe("frequency");
    expect(answerTypeOf("Why does the cipher use rounds?")).toBeNull();
    // A past value, not a term to define.
    expect(answerTypeOf("In the example play, what was the EPV at the moment Paul shoots?")).toBe("quantity");
    expect(answerTypeOf("What were the revenues in the first quarter?")).toBe("quantity");
  });

  it("asks for a name only where the kind of thing heads its phrase", () => {
    // WordNet says "error" is mostly a noun: "standard" only qualifies it.
    const nouns: Lexicon = { related: () => [], mostlyNoun: (word) => word === "error" };
    expect(answerTypeOf("What standard error does the estimator give?", null, nouns)).not.toBe("name");
    expect(answerTypeOf("Which standard does the guide cite?", null, nouns)).toBe("name");
    expect(answerTypeOf("Which standard applies here?", null, nouns)).toBe("name");
  });

  it("asks for a path only where the place word heads its phrase", () => {
    const nouns: Lexicon = { related: () => [], mostlyNoun: (word) => word === "format" };
    expect(answerTypeOf("Which hex file format does the linker produce by default?", null, nouns)).not.toBe("path");
    expect(answerTypeOf("Which file does the linker read first?", null, nouns)).toBe("path");
    // The word before the question's verb heads the phrase, whatever the dictionary says of it.
    expect(answerTypeOf("Which hex file format does gplink produce by default?")).not.toBe("path");
  });

  it("asks for a name of the things known by one: a mailing list, a receiver, a service, a repository", () => {
    expect(answerTypeOf("Which mailing list announces those fixes?")).toBe("name");
    expect(answerTypeOf("Which GPS receiver is listed for the v4.0 board?")).toBe("name");
    expect(answerTypeOf("What service must be running first?")).toBe("name");
    expect(answerTypeOf("Which repository holds the sources?")).toBe("name");
    // A list of the document's own is no name.
    expect(answerTypeOf("Which list gives the class codes?")).not.toBe("name");
  });

  it("reads definition questions with a scope around them, and not 'what is the value of X'", () => {
    expect(answerTypeOf("What does 'baselining' mean in the incident handling guide?")).toBe("definition");
    expect(answerTypeOf("In these notes, what is a fan?")).toBe("definition");
    expect(answerTypeOf("How do the notes define the genus of a tropical curve?")).toBe("definition");
    expect(answerTypeOf("What is the default value of --alignIntronMin in STAR?")).not.toBe("definition");
    expect(answerTypeOf("What gross margin percentage did the segment report?")).toBe("percentage");
    expect(answerTypeOf("What were the segment's automotive revenues in the year-ago quarter?")).not.toBe("definition");
    expect(answerTypeOf("What is the model dimension of the base Transformer?")).not.toBe("definition");
  });
});

/** The surfaces of the question's terms taken for names. */
const namedIn = (question: string, known: Lexicon) =>
  analyseQuestion(question, known)
    .terms.filter((term) => term.named)
    .map((term) => term.surface);

describe("analyseQuestion", () => {
  it("keeps at most twelve antonym patterns, however long the question", () => {
    const opposed: Lexicon = { related: () => [], opposites: (word) => (word === "inside" ? ["outside"] : []) };
    const long = `${"What is inside the floating environment, ".repeat(20)}and why?`;
    expect(analyseQuestion(long, opposed).opposites?.length).toBe(12);
    expect(analyseQuestion("Where inside the floating environment is it used?", opposed).opposites?.length).toBe(1);
  });

  it("reads what is to be defined in the main clause after a scene", () => {
    const question = analyseQuestion(
      "When using the .status suffix after solving, what does a status value of 3 mean?",
      lexicon,
    );
    expect(question.type).toBe("definition");
    expect(question.subject).toBe("a status value of 3");
  });

  it("keeps content words with their forms and related words, names marked", () => {
    const question = analyseQuestion("When do I have to pay the rent for Willow Park?", lexicon);
    expect(question.terms.map((term) => term.surface)).toEqual(["pay", "rent", "willow", "park"]);
    const pay = question.terms[0];
    expect(pay?.related).toEqual(expect.arrayContaining(["payment", "due"]));
    expect(question.terms.filter((term) => term.named).map((term) => term.surface)).toEqual(["willow", "park"]);
  });

  it("takes a file path's parts for names with no related words, but not a pair such as input/output", () => {
    const words: Lexicon = { related: (word) => (word === "opt" || word === "input" ? ["choose"] : []) };
    const opt = analyseQuestion("What is the purpose of /opt?", words).terms.find((term) => term.surface === "opt");
    expect(opt?.named).toBe(true);
    expect(opt?.related).toEqual([]);
    expect(namedIn("Where do files under usr/share/man go?", words)).toEqual(expect.arrayContaining(["usr", "man"]));
    expect(namedIn("Where does input/output go?", words)).toEqual([]);
  });

  it("takes a common word set in capitals ('OK') for no name, but keeps acronyms", () => {
    const english: Lexicon = {
      related: () => [],
      knows: (word, pos) => word === "ok" && (pos === undefined || pos === "adv"),
      mostlyNoun: () => false,
    };
    expect(namedIn("Is it OK to put a dot in the name of a cron file?", english)).toEqual([]);
    expect(namedIn("Is it OK to use AES in the package?", english)).toEqual(["aes"]);
  });

  it("takes a capital that opens a later sentence for no name, but keeps one after an abbreviation", () => {
    expect(namedIn("My thesis is double spaced. Out of the box, how are captions spaced?", lexicon)).toEqual([]);
    expect(namedIn("Is it allowed? Which Office signs it?", lexicon)).toEqual(["office"]);
    expect(namedIn("What did the U.S. Army report?", lexicon)).toEqual(["army"]);
  });

  it("leaves out the document named as where to look, and nothing else", () => {
    const surfaces = (question: string) => analyseQuestion(question, lexicon).terms.map((term) => term.surface);
    expect(surfaces("How long are records kept, under the schedule cited in the guide?")).toEqual([
      "records",
      "kept",
      "schedule",
    ]);
    expect(surfaces("How often do outages occur, according to the paper?")).toEqual(["outages", "occur"]);
    // The report asked about is the subject, not a scope.
    expect(surfaces("What must the incident report include?")).toContain("report");
    // The document as the one who says it: "how does the guide define X".
    expect(surfaces("How does the guide define a precursor?")).toEqual(["precursor"]);
    expect(surfaces("What does the paper give as the error rate?")).toEqual(["error", "rate"]);
  });

  it("takes identifiers as names: options, camelCase and snake_case", () => {
    const named = (text: string) =>
      analyseQuestion(text, lexicon)
        .terms.filter((term) => term.named)
        .map((term) => term.surface);
    expect(named("What is the default of --outSJfilterOverhangMin?")).toEqual(["outsjfilteroverhangmin"]);
    expect(named("What value of warmup_steps was used?")).toEqual(["warmup", "steps"]);
    expect(named("Which value does the setting take?")).toEqual([]);
  });

  it("gives the subject of 'what is X' even when the wording also reads as a measure", () => {
    expect(analyseQuestion("What is the scatter width (S)?", lexicon).subject).toBe("scatter width");
    expect(analyseQuestion("What does 'baselining' mean in the guide?", lexicon).subject).toBe("baselining");
    // The term quoted is what is defined; the words after it name its kind.
    expect(analyseQuestion("What is the 'Attrition' attack vector?", lexicon).subject).toBe("Attrition");
    expect(analyseQuestion("What is the “Web” attack vector?", lexicon).subject).toBe("Web");
    // A passive asks what is so treated; a participle before a noun still names a term.
    expect(analyseQuestion("What is required to install the package?", lexicon).type).not.toBe("definition");
    expect(analyseQuestion("What is stored in the spool folder?", lexicon).subject).toBeNull();
    expect(analyseQuestion("What is distributed computing?", lexicon).subject).toBe("distributed computing");
    // Which things are so, not what a term means; "a primary key" is still a term.
    expect(analyseQuestion("What are the requirements for a package name?", lexicon).subject).toBeNull();
    expect(analyseQuestion("What is the recommended way to install it?", lexicon).subject).toBeNull();
    expect(analyseQuestion("What are the supported platforms?", lexicon).subject).toBeNull();
    // An ordinal picks one item of a list: which item, not what a term means.
    expect(analyseQuestion("What is the sixth field?", lexicon).subject).toBeNull();
    expect(analyseQuestion("A record has seven fields. What is the 2nd field?", lexicon).type).not.toBe("definition");
    expect(analyseQuestion("What is a primary key?", lexicon).subject).toBe("primary key");
    // A word named as a word: what it stands for is asked of the word itself.
    expect(analyseQuestion("What does the name of the command fsck stand for?", lexicon).subject).toBe("fsck");
    expect(analyseQuestion("What does the acronym RAID mean?", lexicon).subject).toBe("RAID");
    expect(analyseQuestion("What is the name of the function?", lexicon).subject).toBeNull();
    expect(analyseQuestion("What is speed in this table?", lexicon).subject).toBe("speed");
  });

  it("drops the adjective of 'how long', knows what is counted and the subject of a definition", () => {
    expect(analyseQuestion("How long do refunds take?", lexicon).terms.map((term) => term.surface)).toEqual([
      "refunds",
    ]);
    expect(analyseQuestion("How many rounds does AES-256 use?", lexicon).counted).toBe("rounds");
    // The head of the noun phrase is counted too, beside the word after "how many".
    const heads: Lexicon = { related: () => [], mostlyNoun: (word) => ["subject", "bit", "key", "doe"].includes(word) };
    const tied = analyseQuestion("How many MGUS subjects had PCM and death in the same month?", heads);
    expect([tied.counted, tied.countedHead]).toEqual(["mgus", "subjects"]);
    expect(analyseQuestion("How many key bits does AES use?", heads).countedHead).toBe("bits");
    // "does" is a function word here, whatever a lemmatiser makes of it ("doe").
    const study = analyseQuestion("How many subjects does the study follow?", heads);
    expect([study.counted, study.countedHead]).toEqual(["subjects", undefined]);
    expect(analyseQuestion("What is a tropical semiring?", lexicon).subject).toBe("tropical semiring");
  });

  it("counts the head noun when 'how many' opens on an adjective, a plural ending the phrase", () => {
    // WordNet has "parametric" as an adjective only, "bootstrap" as a noun (mostly a verb) and
    // "replicate" as a verb only: the plural still ends the phrase, and is what is counted.
    const words: Record<string, Array<"noun" | "verb" | "adj">> = {
      parametric: ["adj"],
      bootstrap: ["noun", "verb"],
      replicate: ["verb"],
      solvable: ["adj"],
      group: ["noun", "verb"],
      binary: ["noun", "adj"],
      package: ["noun", "verb"],
    };
    const tagged: Lexicon = {
      related: () => [],
      mostlyNoun: (word) => ["group", "package"].includes(word),
      knows: (word, pos) => (pos === undefined ? word in words : (words[word] ?? []).includes(pos as "noun")),
    };
    const replicates = analyseQuestion(
      "How many parametric bootstrap replicates were used for the confidence intervals?",
      tagged,
    );
    expect([replicates.counted, replicates.countedHead]).toEqual(["replicates", undefined]);
    expect(analyseQuestion("How many solvable groups are implemented?", tagged).counted).toBe("groups");
    // A word that is also a noun keeps its place ("binary packages" counts binaries and packages).
    const binary = analyseQuestion("How many binary packages does Debian contain?", tagged);
    expect([binary.counted, binary.countedHead]).toEqual(["binary", "packages"]);
  });

  it("takes the noun after 'how much' as what is measured, and knows a definition asked for in so many words", () => {
    const nouns: Lexicon = { related: () => [], mostlyNoun: (word) => word === "memory" };
    expect(analyseQuestion("How much memory did each GPU have?", nouns).counted).toBe("memory");
    expect(analyseQuestion("How much free storage do I need?", nouns).counted).toBeNull();
    expect(analyseQuestion("How much did the company spend?", nouns).counted).toBeNull();
    expect(analyseQuestion("How do the notes define the genus of a tropical curve?", lexicon).asksToDefine).toBe(true);
    expect(analyseQuestion("What does baselining mean?", lexicon).asksToDefine).toBe(true);
    expect(analyseQuestion("What is a tropical semiring?", lexicon).asksToDefine).toBeUndefined();
  });

  it("marks the category a 'which' question asks about and a measured attribute", () => {
    const question = analyseQuestion("Which status code means the request was accepted?", lexicon);
    expect(question.terms.filter((term) => term.category).map((term) => term.surface)).toEqual(["status", "code"]);
    const pressure = analyseQuestion("What tyre pressure should be used?", lexicon);
    expect(pressure.attribute?.surface).toBe("pressure");
    expect(pressure.attribute?.unit.test("between 3.5 and 5 bar")).toBe(true);
  });

  it("reads the time a span question asks for as the measured attribute, and no other time", () => {
    const span = analyseQuestion("How much wall-clock time did the base models need for training?", lexicon);
    expect(span.attribute?.surface).toBe("time");
    expect(span.attribute?.unit.test("for a total of 100,000 steps or 12 hours")).toBe(true);
    expect(span.attribute?.unit.test("for a total of 100,000 steps")).toBe(false);
    expect(analyseQuestion("What happens the first time the daemon starts?", lexicon).attribute).toBeNull();
    expect(analyseQuestion("Which checks run at compile time?", lexicon).attribute).toBeNull();
  });

  it("splits hyphenated names into their parts, figures included", () => {
    const question = analyseQuestion("What is the key length of AES-512?", lexicon);
    expect(question.terms.filter((term) => term.named).map((term) => term.surface)).toEqual(["aes", "512"]);
  });
});

describe("searchText", () => {
  it("leaves out the document named as where to look and the words that only frame the question", () => {
    const text = searchText("How does the guide define an indicator?");
    expect(text).toMatch(/\bindicator\b/);
    expect(text).not.toMatch(/\b(?:guide|define)\b/);
    expect(searchText("What does baselining mean in the NIST guide?")).not.toMatch(/\bmean\b/);
    // "The authors" are the document's writers: the answering page says what they did, not who.
    expect(searchText("How many times did the authors repeat each benchmark?")).not.toMatch(/\bauthors\b/);
    const surfaces = (question: string) => analyseQuestion(question, lexicon).terms.map((term) => term.surface);
    expect(surfaces("How many times did the authors repeat each benchmark?")).not.toContain("authors");
    // Asked who they are, the authors are what the question is about.
    expect(surfaces("Who are the authors of the hashing package?")).toContain("authors");
    // With nothing else left, the question as asked.
    expect(searchText("Mean?")).toBe("Mean?");
    // A part of the document named as where to look: its noun goes, the words naming the part stay.
    const located = "What is the conductor of the curve used in the elliptic curves section?";
    expect(searchText(located)).toMatch(/\belliptic curves\s*\?/);
    expect(searchText(located)).not.toMatch(/\bsection\b/);
    expect(surfaces(located)).toEqual(expect.arrayContaining(["conductor", "elliptic", "curves"]));
    expect(surfaces(located)).not.toContain("section");
    // A power typed with a caret is read as the page's text layer prints it.
    expect(surfaces("What is the conductor of y^2 + y = x^3 - 7x + 6?")).toEqual(expect.arrayContaining(["y2", "x3"]));
    expect(searchText("Which curve is y^2 = x^3 + 1?")).toMatch(/\by2 = x3\b/);
    expect(searchText("What is the error of I(Income^2)?")).toMatch(/Income\^2/);
    // A section asked about stays a word of the question.
    expect(surfaces("Which standard does the section on licensing cite?")).toContain("section");
  });

  it("reads a user's words for the default as the document's 'default', in the search and the terms", () => {
    const surfaces = (question: string) => analyseQuestion(question, lexicon).terms.map((term) => term.surface);
    const asked = [
      "Out of the box, how tightly are caption lines spaced?",
      "Which kernel does the HAC function use without changing any options?",
      "How far above the figure does the jump target sit unless I change it?",
      "If I call malloc without any setup, how much memory is there?",
      "If I don't pass -f to gplink, what fill value is used?",
    ];
    for (const question of asked) {
      expect(surfaces(question)).toContain("default");
      expect(searchText(question)).toMatch(/\bby default\b/);
    }
    expect(surfaces("Out of the box, how tightly are caption lines spaced?")).not.toContain("box");
    // Said in so many words, the question is read as asked; a box of another kind stays a box.
    expect(searchText("What is the default, out of the box?")).toMatch(/out of the box/);
    expect(surfaces("What is printed out of the box drawn around a figure?")).toContain("box");
  });
});
