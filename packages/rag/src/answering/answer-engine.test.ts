import { containsNormalized } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { validateDraft } from "../answer/validate-draft";
import type { DraftPassage } from "../drafting/drafter";
import { AnswerEngine, respelled, spellingFixes, withFieldNames, withSpellingSlips } from "./answer-engine";
import { CandidateCache } from "./candidate-cache";
import { analyseQuestion, type QuestionAnalysis } from "./question-analysis";
import type { Lexicon } from "./wordnet-lexicon";

const engine = new AnswerEngine();
const passage = (localId: number, source: string, text: string): DraftPassage => ({ localId, source, text });
const ask = (question: string, passages: DraftPassage[]) => engine.answer({ index: 0, question, passages });

const table = passage(
  1,
  "cipher.pdf",
  "For the cipher, the number of rounds depends on the key length.\nKey Length\nNumber of\nRounds\nAES-128 4 10\nAES-192 6 12\nAES-256 8 14\nFigure 4. Key-Round Combinations.",
);
const lease = passage(
  2,
  "lease.pdf",
  "Payments\nRent is due on the first day of each month.\nThe tenant may cancel the lease within 14 days of signing.\nThe landlord must provide:\n• a copy of the inventory;\n• the keys to every lock.",
);

describe("AnswerEngine", () => {
  it("answers a table lookup from the row, restated with its headers, quoted as printed", () => {
    const draft = ask("How many rounds does AES-256 use?", [table, lease]);
    expect(draft.claims[0]?.quote).toBe("AES-256 8 14");
    expect(draft.claims[0]?.text).toBe("For AES-256, Key Length is 8 and Number of Rounds is 14.");
    expect(draft.scores?.claims[0]?.kind).toBe("table-row");
    expect(draft.scores?.claims[0]?.score).toBeGreaterThanOrEqual(draft.scores?.threshold ?? 0);
  });

  it("answers a question worded differently from the page", () => {
    const draft = ask("When do I have to pay the rent?", [table, lease]);
    // The heading above ("Payments") may come with it: it is what met "pay".
    expect(draft.claims[0]?.quote).toMatch(/Rent is due on the first day of each month\.$/);
  });

  it("meets a hyphenated word of the page in the question's word written solid", () => {
    const paper = passage(
      5,
      "paper.pdf",
      "Training\nEach pre-training run of the large model took four days on sixteen accelerator chips.\nFine-tuning is cheap: most tasks finish within one hour on one chip.",
    );
    const draft = ask("How long did pretraining take?", [paper]);
    expect(draft.abstained).toBe(false);
    expect(draft.claims[0]?.quote).toContain("took four days");
  });

  it("answers from a list item with its lead-in", () => {
    const draft = ask("What must the landlord provide?", [table, lease]);
    // The lead-in quoted with the whole list answers at once; the items alone would repeat it.
    expect(draft.claims.map((claim) => claim.text)).toEqual([
      "The landlord must provide: • a copy of the inventory; • the keys to every lock.",
    ]);
  });

  it("abstains off-topic and when a name is unknown to every document", () => {
    expect(ask("What is the capital of France?", [table, lease]).abstained).toBe(true);
    expect(ask("How many rounds does AES-512 use?", [table, lease]).abstained).toBe(true);
  });

  it("answers from the document whose passages say most of the question, not from one sharing a common word", () => {
    const directive = passage(
      3,
      "directive.pdf",
      "The airworthiness directive applies to every operator of the fleet. The directive becomes effective 35 days after publication.",
    );
    const licence = passage(4, "licence.pdf", "The new licence becomes effective once both parties have signed it.");
    const question = "On what date will the airworthiness directive become effective?";
    const ranked = (passages: DraftPassage[]) =>
      engine.rank({ index: 0, question, passages }).scored.map((candidate) => candidate.localId);
    // Alone, the licence sentence ("becomes effective") is a candidate.
    expect(ranked([licence])).toContain(4);
    // Beside a document about airworthiness directives, it is another document's date: not a candidate.
    expect(ranked([directive, licence])).not.toContain(4);
    expect(ranked([directive, licence])).toContain(3);
  });

  it("leaves out a document that says neither word of a two-word kind another document says", () => {
    const directive = passage(
      3,
      "directive.pdf",
      "This proposed airworthiness directive would supersede the earlier one.",
    );
    const licence = passage(
      4,
      "licence.pdf",
      "The final terms become effective on the date both parties sign. The final date will be set when the terms become effective.",
    );
    const question = "On what date will the final airworthiness directive become effective?";
    const ranked = engine.rank({ index: 0, question, passages: [directive, licence] }).scored;
    // The licence says more of the question's words, but nothing of airworthiness directives.
    expect(ranked.map((candidate) => candidate.localId)).not.toContain(4);
    expect(engine.answer({ index: 0, question, passages: [directive, licence] }).abstained).toBe(true);
  });

  it("keeps a document when the two words of a kind stand apart in another one, not as a phrase", () => {
    const notes = passage(
      5,
      "notes.pdf",
      "Polar coordinates\nUse the conversions x = r cos t and y = r sin t for double integrals. Do not forget to multiply by r.",
    );
    const paper = passage(
      6,
      "paper.pdf",
      "Two extra points are taken as the seed.\nThe other difficulty factor is choosing the window size.",
    );
    const question = "When switching a double integral to polar coordinates, what extra factor must not be left out?";
    const ranked = (passages: DraftPassage[]) =>
      engine.rank({ index: 0, question, passages }).scored.map((candidate) => candidate.localId);
    // The paper says "extra" and "factor" but never "extra factor": the notes are not about another kind.
    expect(ranked([notes, paper])).toContain(5);
    // Printed together, the phrase names a kind, and a document saying neither word is left out.
    const kinds = passage(7, "kinds.pdf", "Each extra factor of the integrand is listed in the table.");
    expect(ranked([notes, kinds])).not.toContain(5);
  });

  it("takes a name WordNet also files as a famous one's for a person who answers 'who'", () => {
    const paper = passage(
      8,
      "hash.pdf",
      "The gdbm library is a UNIX database manager written by Philip A. Nelson, and made available as part of the FSF distribution.",
    );
    const ranked = engine.rank({ index: 0, question: "Who wrote the gdbm library?", passages: [paper] }).scored;
    // "Philip" is in WordNet only as kings and apostles: with "Nelson" it still names someone.
    expect(ranked[0]?.parts.typeMissing).toBe(0);
    expect(ranked[0]?.parts.answerType).toBeGreaterThan(0);
  });

  it("counts what the phrase after 'how many' ends on, when its first word is a name the answer leaves out", () => {
    const vignette = passage(
      9,
      "compete.pdf",
      "The MGUS data set records PCM and death. We need to decide what to do with the 9 subjects who have PCM and death declared at the same month.",
    );
    const question = "How many MGUS subjects had PCM and death recorded in the same month?";
    const ranked = engine.rank({ index: 0, question, passages: [vignette] }).scored;
    const nine = ranked.find((candidate) => candidate.features.candidate.quote.includes("9 subjects"));
    expect(nine?.parts.typeMissing).toBe(0);
  });

  it("takes the option named with its dashes, not the question's own words joined, for 'which option'", () => {
    const slides = passage(
      10,
      "tutorial.pdf",
      "Disabling Perl regexp support and rebuilding\n5 Now disable perl-regexp support (it is a ./configure option).\n6 Rebuild the package: Add --disable-perl-regexp.",
    );
    const question = "In the grep practical session, which ./configure option disables Perl regexp support?";
    const ranked = engine.rank({ index: 0, question, passages: [slides] }).scored;
    const restated = ranked.find((candidate) => candidate.features.candidate.quote.includes("perl-regexp support"));
    const named = ranked.find((candidate) => candidate.features.candidate.quote.includes("--disable-perl-regexp"));
    expect(restated?.parts.typeMissing).toBe(1);
    expect(named?.parts.typeMissing).toBe(0);
  });

  it("answers what an abbreviation stands for with the words its letters begin", () => {
    const slides = passage(
      11,
      "tutorial.pdf",
      "Adopting orphaned packages\nITA: Intent To Adopt\nSomeone intends to adopt the package.\nretitle 640454 ITA: verbiste -- French conjugator",
    );
    const draft = ask("What does ITA stand for?", [slides]);
    expect(draft.claims[0]?.quote).toContain("Intent To Adopt");
  });

  it("uses the recorded structure when there is one", () => {
    const text = "Model Accuracy\nBaseline 71.2\nKestrel 84.5";
    const passage: DraftPassage = {
      localId: 1,
      text,
      structure: {
        headings: ["4 Results"],
        blocks: [
          {
            kind: "table-row",
            span: { start: text.indexOf("Kestrel"), end: text.length },
            cells: [
              { start: text.indexOf("Kestrel"), end: text.indexOf("Kestrel") + "Kestrel".length },
              { start: text.indexOf("84.5"), end: text.length },
            ],
            headers: ["Model", "Accuracy"],
            caption: "Table 2. Accuracy of each model",
          },
        ],
      },
    };
    const draft = ask("What accuracy does the Kestrel model reach?", [passage]);
    expect(draft.claims[0]?.text).toBe("For Kestrel, Accuracy is 84.5.");
  });

  it("never quotes a running footer, and its claims pass the validator", () => {
    const footer = (page: number) => `Orchard Library handbook, page ${page}`;
    const passages: DraftPassage[] = [
      { localId: 1, source: "h.pdf", text: `Books may be borrowed for 21 days.\n${footer(1)}` },
      { localId: 2, source: "h.pdf", text: `Laptops stay in the building at all times.\n${footer(2)}` },
    ];
    const draft = ask("How long can books be borrowed from the Orchard Library?", passages);
    expect(draft.claims.map((claim) => claim.quote)).toEqual(["Books may be borrowed for 21 days."]);
    for (const question of ["How many rounds does AES-128 use?", "What must the landlord provide?"]) {
      const answered = ask(question, [table, lease]);
      const { kept, dropped } = validateDraft({ part: 0, passages: [table, lease], claims: answered.claims });
      expect(dropped).toEqual([]);
      expect(kept.length).toBeGreaterThan(0);
      for (const claim of answered.claims) {
        const cited = [table, lease].find((passage) => passage.localId === claim.citations[0]);
        expect(containsNormalized(cited?.text ?? "", claim.quote)).toBe(true);
      }
    }
  });
});

describe("CandidateCache", () => {
  it("analyses a passage once per text and structure", () => {
    const cache = new CandidateCache(2);
    const first = cache.analyse(lease);
    expect(cache.analyse({ text: lease.text })).toBe(first);
    cache.analyse(table);
    cache.analyse({ text: "Another passage entirely." });
    expect(cache.size).toBe(2);
    expect(cache.analyse(lease)).not.toBe(first);
  });
});

describe("withFieldNames", () => {
  const noLexicon: Lexicon = { related: () => [] };
  const known = new Map([["manual.pdf", new Set(["luatex", "driver", "during", "option", "itself"])]]);
  const isCommonWord = (word: string) => word === "driver" || word === "option";

  it("takes a word WordNet lacks and the passages print for a name; a word no passage prints stays plain", () => {
    const question = analyseQuestion(
      "Which luatex driver option was added during version five of the xyzzyq manual itself?",
      noLexicon,
    );
    const named = (analysis: QuestionAnalysis) =>
      analysis.terms.filter((term) => term.named).map((term) => term.surface);
    expect(named(question)).not.toContain("luatex");
    const promoted = withFieldNames(question, known, isCommonWord);
    expect(named(promoted)).toContain("luatex");
    // A common word, a function word and a word no passage prints are not names.
    expect(named(promoted)).not.toContain("driver");
    expect(named(promoted)).not.toContain("during");
    expect(named(promoted)).not.toContain("itself");
    expect(named(promoted)).not.toContain("xyzzyq");
    expect(promoted.terms.find((term) => term.surface === "luatex")?.related).toEqual([]);
  });

  it("takes a word the passages print in the plural for a noun of the language, not a name", () => {
    const printed = new Map([["standards.pdf", new Set(["tarballs", "tarball", "tarbal", "mkfifo"])]]);
    const question = analyseQuestion("Which mode should a tarball made with mkfifo have?", noLexicon);
    const named = withFieldNames(question, printed, () => false)
      .terms.filter((term) => term.named)
      .map((term) => term.surface);
    expect(named).not.toContain("tarball");
    expect(named).toContain("mkfifo");
  });

  it("takes a common word negated by un- or non- for English, not a name", () => {
    const printed = new Map([["tutorial.pdf", new Set(["unmaintained", "unzipx", "nonzero"])]]);
    const common = (word: string) => word === "maintained" || word === "zero";
    const question = analyseQuestion("Which unmaintained or nonzero unzipx packages are listed?", noLexicon);
    const named = withFieldNames(question, printed, common)
      .terms.filter((term) => term.named)
      .map((term) => term.surface);
    expect(named).not.toContain("unmaintained");
    expect(named).not.toContain("nonzero");
    // "zipx" is no common word: "unzipx" stays a name.
    expect(named).toContain("unzipx");
  });

  it("prefers the passage that prints the name, and leaves a near miss without it unanswered", () => {
    const passages: DraftPassage[] = [
      { localId: 1, source: "tex.pdf", text: "The new driver option xetex is added in version 5 of the package." },
      { localId: 2, source: "tex.pdf", text: "The luatex driver option is selected automatically under LuaTeX." },
    ];
    const draft = ask("Which luatex option is selected automatically?", passages);
    expect(draft.claims[0]?.citations).toEqual([2]);
    // Printed in the document, "luatex" is a name: the sentence on xetex no longer answers.
    const version = ask("In which version was the luatex driver option added?", passages);
    expect(version.claims.flatMap((claim) => claim.citations)).not.toContain(1);
  });
});

describe("withSpellingSlips", () => {
  const noLexicon: Lexicon = { related: () => [] };
  const dictionary = new Set(["temperature", "optimization", "routine", "routing", "maximum"]);
  const isCommonWord = (word: string) => dictionary.has(word);
  const formsOf = (analysis: QuestionAnalysis, surface: string) =>
    analysis.terms.find((term) => term.surface === surface)?.forms ?? [];

  it("meets a question's slip in the page's word, and a page's slip in the question's word", () => {
    const known = new Map([["manual.pdf", new Set(["temperature", "optimzation", "maximum"])]]);
    const typed = withSpellingSlips(analyseQuestion("What is the maximum temprature?", noLexicon), known, isCommonWord);
    expect(formsOf(typed, "temprature")).toContain("temperature");
    const printed = withSpellingSlips(
      analyseQuestion("How many optimization levels are there?", noLexicon),
      known,
      isCommonWord,
    );
    expect(formsOf(printed, "optimization")).toContain("optimzation");
  });

  it("keeps two dictionary words apart, and two names", () => {
    const known = new Map([["manual.pdf", new Set(["routing", "sdldz8", "sdldgb"])]]);
    const question = analyseQuestion("Which routine does sdldgz call?", noLexicon);
    const kept = withSpellingSlips(question, known, isCommonWord);
    expect(formsOf(kept, "routine")).not.toContain("routing");
    expect(kept).toBe(question);
  });

  it("answers a question with a misspelt word from the sentence that spells it right", () => {
    const passages: DraftPassage[] = [
      { localId: 1, source: "sensor.pdf", text: "The highest operating voltage of the sensor is 5.5 volts." },
      { localId: 2, source: "sensor.pdf", text: "The highest operating temperature of the sensor is 85 degrees." },
    ];
    const draft = ask("What is the highest operating temprature of the sensor?", passages);
    expect(draft.abstained).toBe(false);
    expect(draft.claims.map((claim) => claim.citations)).toEqual([[2]]);
    expect(draft.scores?.readAs).toEqual([{ asked: "temprature", read: "temperature" }]);
    // Spelt right, nothing is read as another word.
    expect(ask("What is the highest operating temperature of the sensor?", passages).scores?.readAs).toBeUndefined();
  });

  it("reads a slip as the one printed word it may stand for, and leaves it when two may", () => {
    const question = analyseQuestion("Is a tranfser allowed after the deadline?", noLexicon);
    const words = (...printed: string[]) => new Map([["policy.pdf", new Set(printed)]]);
    const common = (word: string) => ["transfer", "transfers", "deadline", "allowed", "transform"].includes(word);
    const fixes = spellingFixes(question, words("transfer", "transfers", "deadline"), common);
    expect(fixes).toEqual([{ asked: "tranfser", read: "transfer" }]);
    expect(respelled("Is a tranfser allowed after the Tranfser deadline?", fixes)).toBe(
      "Is a transfer allowed after the transfer deadline?",
    );
    // A page that prints the typed word itself: it is the page's word, not a slip.
    expect(spellingFixes(question, words("transfer", "tranfser"), common)).toEqual([]);
    // A word of the language is never read as another.
    expect(spellingFixes(analyseQuestion("Is a transform allowed?", noLexicon), words("transfer"), common)).toEqual([]);
  });

  it("reads a slip in a word of five letters, and answers from the word it stands for", () => {
    const question = analyseQuestion("What is the blcok size?", noLexicon);
    const printed = new Map([["aes.pdf", new Set(["block", "blocks", "size"])]]);
    expect(spellingFixes(question, printed, (word) => ["block", "blocks", "size"].includes(word))).toEqual([
      { asked: "blcok", read: "block" },
    ]);
    // Of two forms of one word one slip away, the one that ends as typed.
    const rounds = new Map([["aes.pdf", new Set(["round", "rounds"])]]);
    const common = (word: string) => word === "round" || word === "rounds";
    expect(spellingFixes(analyseQuestion("How many rouns?", noLexicon), rounds, common)).toEqual([
      { asked: "rouns", read: "rounds" },
    ]);
    expect(spellingFixes(analyseQuestion("Which rounf?", noLexicon), rounds, common)).toEqual([
      { asked: "rounf", read: "round" },
    ]);
    const draft = ask("What is the blcok size?", [
      passage(1, "aes.pdf", "The block size of the algorithm is 128 bits."),
      passage(2, "aes.pdf", "The key size of the algorithm is 256 bits."),
    ]);
    expect(draft.claims.map((claim) => claim.citations)).toEqual([[1]]);
    expect(draft.scores?.readAs).toEqual([{ asked: "blcok", read: "block" }]);
  });

  it("leaves a slip as typed when it is one slip from two printed words", () => {
    const question = analyseQuestion("What does the contorl do?", noLexicon);
    const printed = new Map([["manual.pdf", new Set(["control", "contort"])]]);
    const common = (word: string) => word === "control" || word === "contort";
    expect(spellingFixes(question, printed, common)).toEqual([]);
  });
});

describe("AnswerEngine, a thing asked for by its kind", () => {
  it("answers 'which driver' with the sentence naming one the question does not give", () => {
    const passages: DraftPassage[] = [
      {
        localId: 1,
        source: "layout.pdf",
        text: "The driver setting is checked against the typesetting program in use. A mismatched driver setting is reported as a warning.",
      },
      {
        localId: 2,
        source: "layout.pdf",
        text: "If the driver setting is mismatched with the typesetting program, the default driver dvips is selected.",
      },
    ];
    const draft = ask(
      "Which driver is selected when the driver setting does not match the typesetting program?",
      passages,
    );
    expect(draft.claims[0]?.citations).toEqual([2]);
    expect(draft.scores?.claims[0]?.parts.answerType).toBeGreaterThan(0);
  });

  it("takes no function word ('with', 'that') and no word that lost a ligature ('denition') for a name", () => {
    const asked = "Which function of the mstate package builds the stacked data set?";
    const plain = ask(asked, [
      passage(
        1,
        "compete.pdf",
        "The mstate package starts with a denition of the transitions that build a stacked data set.",
      ),
    ]);
    expect(plain.scores?.claims[0]?.parts.typeMissing ?? 1).toBe(1);
    const named = ask(asked, [
      passage(1, "compete.pdf", "The mstate package builds the stacked data set with its msprep function."),
    ]);
    expect(named.scores?.claims[0]?.parts.answerType).toBeGreaterThan(0);
  });

  it("takes a word printed in capitals for a name though the dictionary has it ('CHAINED')", () => {
    const passages: DraftPassage[] = [
      passage(1, "hash.pdf", "At compile time the hash package may resolve collisions in one of several ways."),
      passage(
        2,
        "hash.pdf",
        "A third set of options, obtained by defining ‘‘CHAINED’’, use linked lists to resolve collisions.",
      ),
    ];
    const asked = "Which compile-time option of the hash package makes it resolve collisions with linked lists?";
    const draft = ask(asked, passages);
    expect(draft.claims[0]?.citations).toEqual([2]);
    expect(draft.scores?.claims[0]?.parts.answerType).toBeGreaterThan(0);
    // The same word in lower case is English, and names no option.
    const lower = ask(asked, [
      passages[0] as DraftPassage,
      passage(2, "hash.pdf", "A third set of options, once chained, use linked lists to resolve collisions."),
    ]);
    expect(lower.scores?.claims[0]?.parts.answerType ?? 0).toBe(0);
  });
});
