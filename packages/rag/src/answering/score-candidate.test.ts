import { describe, expect, it } from "vitest";
import type { AnswerCandidate } from "./answer-candidates";
import { answerEngineSettings as settings } from "./answer-engine-settings";
import { candidateFeatures } from "./candidate-features";
import { analyseQuestion } from "./question-analysis";
import { expandsAbbreviation, onlyModifies, otherKindHeads, scoreCandidate, termWeights } from "./score-candidate";
import type { Lexicon } from "./wordnet-lexicon";

const lexicon: Lexicon = { related: (word) => (word === "pay" ? ["due"] : word === "purchase" ? ["buy"] : []) };
const candidate = (quote: string, context: string[] = []): AnswerCandidate => ({
  kind: "sentence",
  quote,
  start: 0,
  claimText: quote,
  context,
});

function scores(question: string, quotes: Array<string | [string, string[]]>) {
  return scoresOf(
    question,
    quotes.map((quote) => (typeof quote === "string" ? candidate(quote) : candidate(...quote))),
  );
}

/** Each candidate scored for `question` among the others, all from one passage ranked first. */
function scoresOf(question: string, candidates: AnswerCandidate[], under: Lexicon = lexicon) {
  const analysed = analyseQuestion(question, under);
  const pool = candidates.map(candidateFeatures);
  const weights = termWeights(analysed, pool, settings);
  // A word is a common word when the lexicon knows it (the engine asks WordNet).
  const known = under.knows === undefined ? undefined : (word: string) => under.knows?.(word) === true;
  return pool.map((features) =>
    scoreCandidate(
      features,
      { localId: 1, rank: 1 },
      analysed,
      weights,
      settings,
      new Set(),
      new Set(),
      () => false,
      known,
    ),
  );
}

/** Each quote scored as `scores` does, with words known, related and opposed as `under` says. */
const scoresUnder = (under: Lexicon, question: string, quotes: string[]) =>
  scoresOf(
    question,
    quotes.map((quote) => candidate(quote)),
    under,
  );

describe("termWeights", () => {
  it("weighs down a word no candidate says unless it names a thing", () => {
    const nouns: Lexicon = { related: () => [], mostlyNoun: (word) => word === "battery" };
    const analysed = analyseQuestion("What does a replacement battery actually cost?", nouns);
    const pool = [candidateFeatures(candidate("A replacement card costs 3 euros."))];
    const weights = termWeights(analysed, pool, settings);
    const rarity = Math.log(1 + 2 / 0.5);
    // Neither word is in the pool: "actually" is wording, "battery" a thing the pool may simply not be about.
    expect(weights.get("actually")).toBeCloseTo(rarity * settings.unmentionedWord);
    expect(weights.get("battery")).toBeCloseTo(rarity);
  });
});

describe("what a candidate counts and of which kind", () => {
  const nouns: Lexicon = {
    related: () => [],
    mostlyNoun: (word) => ["benefit", "plan", "plans", "margin", "cost", "meeting", "employee"].includes(word),
    knows: (word) => word !== "nonlinearity",
  };

  it("does not take a word that only modifies the noun after it as what is counted", () => {
    const employees = analyseQuestion("How many employees did the company have?", nouns).terms[0];
    const isNoun = (word: string) => nouns.mostlyNoun?.(word) === true;
    expect(onlyModifies("Common stock issued under employee benefit plans 1 1", employees as never, isNoun)).toBe(true);
    expect(onlyModifies("The company had 50,000 employees at year end.", employees as never, isNoun)).toBe(false);
    // One place where it heads its phrase is enough.
    expect(onlyModifies("Employee plans cover 900 employees.", employees as never, isNoun)).toBe(false);
    expect(onlyModifies("The company had no staff.", employees as never, isNoun)).toBe(false);
  });

  it("takes a span of time for a count of its units only", () => {
    const place = { localId: 1, rank: 1 };
    const answerType = (question: string, quote: string) => {
      const analysed = analyseQuestion(question, nouns);
      const pool = [candidateFeatures(candidate(quote))];
      return scoreCandidate(pool[0] as never, place, analysed, termWeights(analysed, pool, settings), settings).parts
        .answerType;
    };
    const notice = "Engineers and employees must cure the breach within 60 days of the notice.";
    expect(answerType("How many employees does the company have?", notice)).toBe(0);
    expect(answerType("How many days do employees have to cure the breach?", notice)).toBeGreaterThan(0);
    expect(
      answerType("How many employees does the company have?", "The company had 50,000 employees."),
    ).toBeGreaterThan(0);
  });

  it("requires no word that only names the kind of answer to be counted", () => {
    expect(analyseQuestion("How many people died in the crash?", nouns).counted).toBeNull();
    expect(analyseQuestion("How many engineers work there?", nouns).counted).toBe("engineers");
  });

  it("takes the noun before 'percentage' as what the share is of", () => {
    expect(analyseQuestion("What gross margin percentage did the segment report?", nouns).counted).toBe("margin");
    expect(analyseQuestion("What percentage of tokens is masked?", nouns).counted).toBeNull();
    expect(analyseQuestion("What quickly percentage is it?", nouns).counted).toBeNull();
  });

  it("scores down a percentage of something else than the one asked for", () => {
    const analysed = analyseQuestion("What gross margin percentage did the segment report?", nouns);
    const pool = [
      candidateFeatures(candidate("Segment revenues increased by 20% in the quarter.")),
      candidateFeatures(candidate("The segment reported a gross margin of 41%.")),
    ];
    const weights = termWeights(analysed, pool, settings);
    const place = { localId: 1, rank: 1 };
    const [revenues, margin] = pool.map((features) => scoreCandidate(features, place, analysed, weights, settings));
    expect(revenues?.parts.typeMissing).toBe(1);
    expect(margin?.parts.answerType).toBeGreaterThan(0);
  });

  it("finds the head of a compound said only of another kind, or a rate per something else", () => {
    const dnl = analyseQuestion("What is the maximum differential nonlinearity of the converter?", nouns);
    expect(dnl.compounds).toContainEqual({ modifier: "differential", head: "nonlinearity" });
    expect(otherKindHeads("Integral nonlinearity is the maximum deviation.", dnl)).toEqual(new Set(["nonlinearity"]));
    expect(otherKindHeads("Differential nonlinearity is ±1 LSB.", dnl).size).toBe(0);
    // "Max" abbreviates the question's own word; nothing before the head says another kind.
    expect(otherKindHeads("The nonlinearity is small; Max nonlinearity 1 LSB.", dnl).size).toBe(0);
    const cost = analyseQuestion("What is the estimated cost per airplane?", nouns);
    expect(otherKindHeads("The average cost per operator is $7,650.", cost)).toEqual(new Set(["cost"]));
    expect(otherKindHeads("The cost per airplane is $3,400.", cost).size).toBe(0);
    expect(otherKindHeads("The total cost is $3,400.", cost).size).toBe(0);
    const meeting = analyseQuestion("When should the review meeting be held?", nouns);
    // A word of the question before the head is no other kind.
    expect(otherKindHeads("Hold a lessons learned meeting.", meeting)).toEqual(new Set(["meeting"]));
    expect(otherKindHeads("The meeting should be held within days.", meeting).size).toBe(0);
    expect(otherKindHeads("When should the held meeting be held?", meeting).size).toBe(0);
  });

  it("keeps the full weight of what 'how many' counts though no candidate says it", () => {
    const analysed = analyseQuestion("How many rounds does the cipher use?", { related: () => [] });
    const pool = [candidateFeatures(candidate("The cipher uses keys of 256 bits."))];
    const weights = termWeights(analysed, pool, settings);
    expect(weights.get("rounds")).toBeCloseTo(Math.log(1 + 2 / 0.5) * settings.focusWeight);
  });
});

describe("scoreCandidate", () => {
  it("takes a definition of the subject, not any definition, as the answer to 'what is X'", () => {
    const [of, other] = scores("What is self-attention?", [
      "Self-attention is an attention mechanism relating positions of one sequence.",
      "Table 1: Maximum path lengths for different layer types.",
    ]);
    expect(of?.parts.answerType).toBeGreaterThan(0);
    expect(other?.parts.answerType).toBe(0);
  });

  it("takes a definition as one of X only when it defines X's head word, not a phrase sharing another word", () => {
    const analysed = analyseQuestion("What is the tropical semiring?", lexicon);
    const definition = (quote: string, subject: string) =>
      candidateFeatures({ ...candidate(quote), kind: "definition", subject });
    const pool = [
      definition(
        "Tropical algebraic geometry is algebraic geometry over the tropical semiring.",
        "Tropical algebraic geometry",
      ),
      definition("The tropical semiring is the set of real numbers with minimum and plus.", "tropical semiring"),
    ];
    const weights = termWeights(analysed, pool, settings);
    const [other, own] = pool.map((features) =>
      scoreCandidate(features, { localId: 1, rank: 1 }, analysed, weights, settings),
    );
    expect(other?.parts.definition).toBe(0);
    expect(own?.parts.definition).toBeGreaterThan(0);
    expect(own?.score).toBeGreaterThan(other?.score ?? 0);
  });

  it("reads an abbreviated column header as the question's word, in table rows only", () => {
    const analysed = analyseQuestion("What is the maximum integral nonlinearity?", lexicon);
    const row = candidateFeatures({
      kind: "table-row",
      quote: "Integral Nonlinearity ±0.002 ±0.012 %",
      start: 0,
      claimText: "For Integral Nonlinearity, Typ is ±0.002, Max is ±0.012 and Units is %.",
      context: ["Typ", "Max", "Units"],
    });
    const sentence = candidateFeatures(candidate("Integral nonlinearity, Max and Typ are printed here."));
    const weights = termWeights(analysed, [row, sentence], settings);
    const place = { localId: 1, rank: 1 };
    const scoredRow = scoreCandidate(row, place, analysed, weights, settings);
    const scoredSentence = scoreCandidate(sentence, place, analysed, weights, settings);
    expect(scoredRow.matched.has("maximum")).toBe(true);
    expect(scoredSentence.matched.has("maximum")).toBe(false);
  });

  it("reads a contraction set with its full stop in a column header ('Std.') as the question's word", () => {
    const analysed = analyseQuestion("What standard error does the estimator give for Income?", lexicon);
    const row = (header: string) =>
      candidateFeatures({
        kind: "table-row",
        quote: "Income -1834 8183",
        start: 0,
        claimText: `For Income, Estimate is -1834 and ${header} is 8183.`,
        context: ["Estimate", header],
        subject: "Income",
        cells: [
          { header: "Estimate", cell: "-1834" },
          { header, cell: "8183" },
        ],
      });
    const place = { localId: 1, rank: 1 };
    const matched = (header: string) => {
      const features = row(header);
      return scoreCandidate(features, place, analysed, termWeights(analysed, [features], settings), settings).matched;
    };
    expect(matched("Std. Error").has("standard")).toBe(true);
    // Letters out of order, or no full stop, make no contraction.
    expect(matched("Sdt. Error").has("standard")).toBe(false);
    expect(matched("Std Error").has("standard")).toBe(false);
  });

  it("marks a row whose label and a column header are both asked about as a table lookup", () => {
    const analysed = analyseQuestion("What goodwill did the company carry at September 29, 2024?", lexicon);
    const row = (label: string) =>
      candidateFeatures({
        kind: "table-row",
        quote: `${label} 10,908 10,799`,
        start: 0,
        claimText: `For ${label}, December 29, 2024 is 10,908 and September 29, 2024 is 10,799.`,
        context: ["December 29, 2024", "September 29, 2024"],
        subject: label,
      });
    const pool = [row("Goodwill"), row("Inventories")];
    const weights = termWeights(analysed, pool, settings);
    const [goodwill, inventories] = pool.map((features) =>
      scoreCandidate(features, { localId: 1, rank: 1 }, analysed, weights, settings),
    );
    expect(goodwill?.parts.tableLookup).toBe(1);
    expect(inventories?.parts.tableLookup).toBe(0);
  });

  it("looks a row up by its label's name, its bracketed qualifier aside", () => {
    const [row] = scoresOf("What goodwill did the company carry at September 29, 2024?", [
      {
        kind: "table-row",
        quote: "10,908 10,799",
        start: 0,
        claimText: "For Goodwill (note 4), December 29, 2024 is 10,908 and September 29, 2024 is 10,799.",
        context: ["December 29, 2024", "September 29, 2024"],
        subject: "Goodwill (note 4)",
      },
    ]);
    expect(row?.parts.tableLookup).toBe(1);
  });

  it("marks an option-list entry looked up by its name", () => {
    const analysed = analyseQuestion("What is the default of --outFilterMultimapNmax?", lexicon);
    const entry = (name: string) =>
      candidateFeatures({
        kind: "definition",
        quote: `--${name}\ndefault: 10`,
        start: 0,
        claimText: `--${name}: default: 10 int: max number of loci.`,
        context: [],
        subject: name,
      });
    const pool = [entry("outFilterMultimapNmax"), entry("winAnchorMultimapNmax")];
    const weights = termWeights(analysed, pool, settings);
    const [asked, other] = pool.map((features) =>
      scoreCandidate(features, { localId: 1, rank: 1 }, analysed, weights, settings),
    );
    expect(asked?.parts.tableLookup).toBe(1);
    expect(other?.parts.tableLookup).toBe(0);
  });

  it("looks an entry up by a word the question sets in quotes", () => {
    const entry: AnswerCandidate = {
      kind: "definition",
      quote: "† screen a special paper size with (W,H) = (225mm,180mm).",
      start: 0,
      claimText: "“screen”: a special paper size with (W,H) = (225mm,180mm).",
      context: [],
      subject: "screen",
    };
    const lookup = (question: string) => scoresOf(question, [entry])[0]?.parts.tableLookup;
    expect(lookup("What size does the 'screen' preset give?")).toBe(1);
    expect(lookup("What size does the screen preset give?")).toBe(0);
    expect(analyseQuestion("What size does the 'screen' preset give?", lexicon).terms[1]).toMatchObject({
      surface: "screen",
      quoted: true,
      named: false,
    });
  });

  it("half counts a name that only the candidate's passage holds", () => {
    const analysed = analyseQuestion("When did the jury find for Qualcomm against Arm?", lexicon);
    const pool = [candidateFeatures(candidate("On December 20, 2024, the jury found for Qualcomm."))];
    const weights = termWeights(analysed, pool, settings);
    const place = { localId: 1, rank: 1 };
    const alone = scoreCandidate(pool[0] as never, place, analysed, weights, settings);
    const nearby = scoreCandidate(pool[0] as never, place, analysed, weights, settings, new Set(), new Set(["arm"]));
    expect(nearby.parts.namedMissing).toBeLessThan(alone.parts.namedMissing);
    expect(nearby.parts.namedMissing).toBeGreaterThan(0);
  });

  it("counts the same word above another form of it, and that above a related word", () => {
    const [exact, form, related] = scores("Who may purchase tickets?", [
      "Members may purchase tickets online.",
      "Members may purchased tickets online.",
      "Members may buy tickets online.",
    ]);
    expect(exact?.parts.coverage).toBeGreaterThan(form?.parts.coverage ?? 1);
    expect(form?.parts.coverage).toBeGreaterThan(related?.parts.coverage ?? 1);
    expect(related?.parts.coverage).toBeGreaterThan(0.5);
  });

  it("takes only an amount of money for what something cost, and a fine-tuning question for no money question", () => {
    const [tpus, dollars] = scores("How much did it cost to train the large model?", [
      "The large model was trained on 16 Cloud TPUs.",
      "Training the large model cost $7,000.",
    ]);
    expect(tpus?.parts.typeMissing).toBe(1);
    expect(dollars?.parts.typeMissing).toBe(0);
    const [rate] = scores("What learning rate was used for fine-tuning the model?", [
      "We fine-tune the model with a learning rate of 0.001.",
    ]);
    expect(rate?.parts.typeMissing).toBe(0);
  });

  it("takes only a figure in a unit of a physical quantity for it, and any figure for a size", () => {
    const [seconds, milliwatts] = scores("How much transmit power does the radio use?", [
      "Each packet takes a second to transmit, so the radio waits 5 seconds between packets.",
      "The radio link runs at 19.2 kilobit with only 10-40 milliwatts of transmit power.",
    ]);
    expect(seconds?.parts.typeMissing).toBe(1);
    expect(milliwatts?.parts.typeMissing).toBe(0);
    // Stated against another of its kind, it needs no unit.
    const [relative] = scores("How high can the starting current of the motor be?", [
      "Starting current does not exceed 6.2 times the rated current.",
    ]);
    expect(relative?.parts.typeMissing).toBe(0);
    // A size is often given bare ("79 by 24"): any figure still states one.
    const [bare] = scores("What is the default text block size?", ["The default text block size is 79 by 24."]);
    expect(bare?.parts.typeMissing).toBe(0);
  });

  it("counts a missing definition in full when the question asks in so many words to define", () => {
    const quote = "The moduli space parameterizes smooth genus zero curves with marked points.";
    const [asked] = scores("How do the notes define the genus of a tropical curve?", [quote]);
    const [whatIs] = scores("What is a genus zero curve?", [quote]);
    expect(asked?.parts.typeMissing).toBe(1);
    expect(whatIs?.parts.typeMissing).toBe(0.5);
    // Asked in so many words, anything but a definition misses twice over.
    expect(asked?.parts.definitionMissing).toBe(1);
    expect(whatIs?.parts.definitionMissing).toBe(0);
  });

  it("takes a definition of the phrase before 'of' for one of the subject it scopes", () => {
    const quote =
      "An important object of associative algebras is the Jacobson radical: the set of elements that annihilate every module.";
    const [scoped] = scores("How does the tutorial define the Jacobson radical of an associative algebra?", [quote]);
    expect(scoped?.parts.typeMissing).toBe(0);
    expect(scoped?.parts.definition).toBeGreaterThan(0.9);
  });

  it("counts against a candidate that says the opposite of the question's word before a term", () => {
    const opposed: Lexicon = {
      related: () => [],
      opposites: (word) => (word === "inside" ? ["outside"] : word === "outside" ? ["inside"] : []),
    };
    const [outside, inside, both] = scoresUnder(
      opposed,
      "Where inside the floating environment should the command be used?",
      [
        "You have placed the command outside a floating environment.",
        "It should be used as the first command inside the floating environment.",
        "Outside of tables, the command inside a floating environment is allowed.",
      ],
    );
    expect(outside?.parts.opposite).toBe(1);
    expect(inside?.parts.opposite).toBe(0);
    expect(both?.parts.opposite).toBe(0);
    // A yes-or-no question may be answered by the opposite.
    expect(
      analyseQuestion("Is the command allowed inside the floating environment?", opposed).opposites,
    ).toBeUndefined();
  });

  it("takes a list giving a code with its meaning for the definition of the code", () => {
    const question = "When using the .status suffix after solving, what does a status value of 3 mean?";
    const [list, times] = scores(question, [
      "The status in the solution: 1 | basic 2 | non-basic on lower bound 3 | non-basic on upper bound.",
      "The status of a variable is 3 times faster to read.",
    ]);
    expect(list?.parts.typeMissing).toBe(0);
    expect(list?.parts.definitionMissing).toBe(0);
    expect(times?.parts.definitionMissing).toBe(1);
  });

  it("takes a figure or a keyword the question does not give for a setting's value", () => {
    const common: Lexicon = { related: () => [], knows: (word) => !["raggedright", "portx", "nonzero"].includes(word) };
    expect(analyseQuestion("What is the default value of the portx option?", common).type).toBe("value");
    const [figure, keyword, prose, elsewhere] = scoresUnder(common, "What is the default value of the portx option?", [
      "The portx option defaults to 3306 unless the server says otherwise.",
      "The portx option is raggedright (the default).",
      "Set the portx option to a large nonzero value.",
      "For portx, Short description is the server port and Section is 2.4.",
    ]);
    expect(figure?.parts.typeMissing).toBe(0);
    expect(keyword?.parts.typeMissing).toBe(0);
    expect(prose?.parts.typeMissing).toBe(1);
    // Asked for the default, a figure said away from "default" gives no value.
    expect(elsewhere?.parts.typeMissing).toBe(1);
  });

  it("counts against a line of program input unless the question asks what to type or call", () => {
    const question = "In the schools example, what standard error does the HC4 estimator give for income?";
    const [input, assignment, row] = scores(question, [
      'R> coeftest(fm, vcov = vcovHC(fm, type = "HC4")) for the schools example and its income standard error',
      "inc <- seq(0.5, 1.2, by = 0.001) with the HC4 estimator for income in the schools example",
      "For Income, Estimate is 1587 and Std. Error is 5489 under the HC4 estimator.",
    ]);
    expect(input?.parts.programInput).toBe(1);
    expect(assignment?.parts.programInput).toBe(1);
    expect(row?.parts.programInput).toBe(0);
    // The score is the weighted sum of its parts, each penalty taken off (answer-engine-settings.ts).
    const penalties = new Set([
      "typeMissing",
      "definitionMissing",
      "crossReference",
      "namesOnly",
      "namedMissing",
      "opposite",
      "programInput",
    ]);
    for (const scored of [input, assignment, row]) {
      const sum = Object.entries(scored?.parts ?? {}).reduce(
        (total, [part, value]) =>
          total + (penalties.has(part) ? -1 : 1) * settings.weights[part as keyof typeof settings.weights] * value,
        0,
      );
      expect(scored?.score).toBeCloseTo(sum);
    }
    // A program's printed output is no input: its figures are what a reader looks up.
    const [output] = scores(question, ["S0 = 1.5511, p-value = 0.01626 for the HC4 estimator"]);
    expect(output?.parts.programInput).toBe(0);
    // A comparison or an amount after the sign is no prompt.
    const [share, amount] = scores(question, [
      "> 50% of the HC4 standard errors for income in the schools example",
      "$ 1,200 was spent per pupil in the schools example, by the HC4 estimator for income",
    ]);
    expect(share?.parts.programInput).toBe(0);
    expect(amount?.parts.programInput).toBe(0);
    // Asked what to type, the typed line is the answer.
    const [asked] = scores("Which command computes the HC4 standard errors in the schools example?", [
      'R> coeftest(fm, vcov = vcovHC(fm, type = "HC4"))',
    ]);
    expect(asked?.parts.programInput).toBe(0);
    const [passed] = scores("What should I pass to coeftest for HC4 standard errors?", [
      'R> coeftest(fm, vcov = vcovHC(fm, type = "HC4"))',
    ]);
    expect(passed?.parts.programInput).toBe(0);
  });

  it("meets a question in other words through the lexicon and the kind of answer", () => {
    const [due, unrelated] = scores("When do I have to pay the rent?", [
      "Rent is due on the first day of each month.",
      "Rent covers water and heating.",
    ]);
    expect(due?.parts.answerType).toBeGreaterThan(0);
    expect(unrelated?.parts.typeMissing).toBe(1);
    expect(due?.score).toBeGreaterThan(settings.abstainBelow);
    expect(due?.score).toBeGreaterThan(unrelated?.score ?? 0);
  });

  it("credits headers and headings as context, below the candidate's own words", () => {
    const [row, sentence] = scores("How many rounds does AES-256 use?", [
      ["AES-256 8 4 14", ["Number of Rounds (Nr)"]],
      "AES-256 uses keys of 256 bits.",
    ]);
    expect(row?.parts.context).toBeGreaterThan(0);
    expect(row?.score).toBeGreaterThan(sentence?.score ?? 0);
    expect(sentence?.parts.typeMissing).toBe(1);
  });

  it("rises when matched terms stand close together and falls for a pointer elsewhere", () => {
    const [close, far, pointer] = scores("What is the block size?", [
      "The block size is 128 bits.",
      "The block of data has, in every mode the standard allows, a fixed size.",
      "For the block size, see Section 6.3.",
    ]);
    expect(close?.parts.proximity).toBeGreaterThan(far?.parts.proximity ?? 1);
    expect(pointer?.parts.crossReference).toBe(1);
    expect(close?.score).toBeGreaterThan(pointer?.score ?? 0);
  });

  it("takes a caption for a pointer to its figure, unless the question asks about the figure", () => {
    const [caption, said] = scores("What standard error does the model give for income?", [
      "Figure 2: Income and standard error of the fitted model.",
      "Income and standard error of the fitted model.",
    ]);
    expect(caption?.parts.crossReference).toBe(1);
    expect(said?.parts.crossReference).toBe(0);
    expect(said?.score).toBeGreaterThan(caption?.score ?? 0);
    const [asked] = scores("What does Figure 2 show?", ["Figure 2: Income and standard error of the fitted model."]);
    expect(asked?.parts.crossReference).toBe(0);
  });

  it("takes a name as the answer to 'who' only when it is not the question's own", () => {
    const [other, own] = scores("Who designed the Orchard Library building?", [
      "The Orchard Library building was designed by Maria Alvarez.",
      "The Orchard Library building has four floors.",
    ]);
    expect(other?.parts.answerType).toBeGreaterThan(0);
    expect(own?.parts.answerType).toBe(0);
    expect(own?.parts.typeMissing).toBe(1);
  });

  it("meets a table's number in its caption, never in a cell that prints the same figure", () => {
    const question = "In Table 2, how long did recovery take with random replication?";
    const [bare, captioned, cited] = scores(question, [
      "Random 2 600.4",
      ["Random 2 600.4", ["Table 2: Recovery time by scheme"]],
      "As Table 2 shows, random replication recovers in 600 s.",
    ]);
    expect(bare?.matched.has("2")).toBe(false);
    expect(captioned?.matched.has("2")).toBe(true);
    expect(cited?.matched.has("2")).toBe(true);
  });

  it("meets a snake_case identifier only where its parts stand together or joined", () => {
    const [together, apart] = scores("What value of warmup_steps was used?", [
      "We used warmup_steps = 4000.",
      "Learning rate warmup over the first 10,000 steps.",
    ]);
    expect(together?.parts.coverage).toBeGreaterThan((apart?.parts.coverage ?? 0) + 0.2);
    const [joined] = scores("What is the model dimension d_model?", [
      "The dimensionality of input and output is dmodel = 512.",
    ]);
    expect(joined?.matched.has("model")).toBe(true);
  });

  it("takes any year for the answer to 'in what year', and only a recent one for 'when'", () => {
    const answerType = (question: string, quote: string) => scores(question, [quote])[0]?.parts.answerType;
    const quote = "The symbol was introduced by Condorcet in 1770 for differentials.";
    expect(answerType("In what year was the symbol introduced?", quote)).toBeGreaterThan(0);
    expect(answerType("When was the symbol introduced?", quote)).toBe(0);
    expect(answerType("In what year was the symbol introduced?", "The symbol was introduced by Condorcet.")).toBe(0);
  });

  it("takes no run of common capitalised words for a person's name", () => {
    const analysed = analyseQuestion("Who is the company's chief executive officer?", lexicon);
    const common = new Set(["principal", "executive", "office", "offices", "zip", "code", "address"]);
    const score = (quote: string) => {
      const features = candidateFeatures(candidate(quote));
      const weights = termWeights(analysed, [features], settings);
      return scoreCandidate(
        features,
        { localId: 1, rank: 1 },
        analysed,
        weights,
        settings,
        new Set(),
        new Set(),
        () => false,
        (word) => common.has(word),
      );
    };
    expect(score("The Address of Principal Executive Offices is listed on the cover.").parts.answerType).toBe(0);
    expect(score("The chief executive officer is Cristiano Amon.").parts.answerType).toBeGreaterThan(0);
  });

  it("penalises a candidate that meets only the question's names", () => {
    const [names] = scores("Who designed the Orchard Library building?", ["The Orchard Library has four branches."]);
    expect(names?.parts.namesOnly).toBe(1);
    expect(names?.score).toBeLessThan(settings.abstainBelow);
  });
});

describe("expandsAbbreviation", () => {
  it("finds consecutive words whose initials spell it, small words between them allowed", () => {
    expect(expandsAbbreviation("ITA: Intent To Adopt Someone intends to adopt", "ITA")).toBe(true);
    expect(expandsAbbreviation("the National Institute of Standards and Technology", "NIST")).toBe(true);
    expect(expandsAbbreviation("retitle 640454 ITA is verbiste -- French conjugator.", "ITA")).toBe(false);
    expect(expandsAbbreviation("Intent to orphan", "ITA")).toBe(false);
  });

  it("takes only an expansion for what an abbreviation stands for, not any sentence shaped as its definition", () => {
    const [tag, expansion] = scores("What does ITA stand for?", [
      "ITA is the tag a bug gets when it is retitled.",
      "ITA: Intent To Adopt.",
    ]);
    expect(tag?.parts.typeMissing).toBeGreaterThan(0);
    expect(expansion?.parts.typeMissing).toBe(0);
    expect(expansion?.score).toBeGreaterThan(tag?.score ?? 0);
  });
});
