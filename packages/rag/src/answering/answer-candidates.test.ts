import { containsNormalized } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { isSelfContained } from "../answer/self-contained";
import { groupedRowsStructure, groupedRowsText } from "../structure/grouped-rows.fixture";
import type { PassageStructure } from "../structure/passage-structure";
import { answerCandidates, definedSubject, isDebris } from "./answer-candidates";
import { inferStructure } from "./infer-structure";
import {
  entryCandidates,
  entryStatement,
  fieldCandidates,
  resultCandidates,
  sentenceCandidates,
} from "./sentence-candidates";

const flat = (text: string) => answerCandidates(text, inferStructure(text));

describe("answerCandidates", () => {
  it("splits an option list set as one paragraph into one definition per option", () => {
    const text =
      "--soloCBstart\ndefault: 1\nint>0: cell barcode start base\n--soloCBlen\ndefault: 16\nint>0: cell barcode length\n--soloUMIlen\ndefault: 10\nint>0: UMI length";
    const entries = flat(text).filter((candidate) => candidate.kind === "definition");
    expect(entries.map((entry) => entry.subject)).toEqual(["soloCBstart", "soloCBlen", "soloUMIlen"]);
    expect(entries[1]?.quote).toBe("--soloCBlen\ndefault: 16\nint>0: cell barcode length");
    // Said as a statement: "--soloCBlen: default: 16 …" has no verb and would be dropped from the answer.
    expect(entries[1]?.claimText).toBe("The default of --soloCBlen is 16; int>0: cell barcode length.");
    for (const entry of entries) expect(text.slice(entry.start, entry.start + entry.quote.length)).toBe(entry.quote);
    for (const candidate of flat(text)) expect(isSelfContained(candidate.claimText, "claim")).toBe(true);
  });

  it("says a section's 'This directory …' of the subject its heading names, quoting from that heading", () => {
    const text =
      "5.6. /var/crash : System crash dumps (optional)\n\n5.6.1. Purpose\n\nThis directory holds system crash dumps. Linux does not yet write them.";
    const heading = (from: string, to: string) => ({
      kind: "heading" as const,
      level: 2,
      span: { start: text.indexOf(from), end: text.indexOf(to) + to.length },
    });
    const structure: PassageStructure = {
      headings: [],
      blocks: [
        heading("5.6.", "(optional)"),
        heading("5.6.1.", "Purpose"),
        { kind: "paragraph", span: { start: text.indexOf("This"), end: text.length } },
      ],
    };
    const named = answerCandidates(text, structure).find((candidate) =>
      candidate.claimText.includes("/var/crash holds"),
    );
    expect(named?.claimText).toBe("The directory /var/crash holds system crash dumps.");
    expect(named?.quote).toBe(text.slice(0, text.indexOf("dumps.") + 6));
    expect(text.slice(named?.start, (named?.start ?? 0) + (named?.quote.length ?? 0))).toBe(named?.quote);
    // A heading that names no subject and holds no word of the kind gives none.
    const plain = text.replace(
      "5.6. /var/crash : System crash dumps (optional)",
      "5.6. Crash dumps and more things here",
    );
    const none = answerCandidates(plain, {
      headings: [],
      blocks: [
        { kind: "heading", level: 2, span: { start: 0, end: plain.indexOf("\n") } },
        { kind: "paragraph", span: { start: plain.indexOf("This"), end: plain.length } },
      ],
    });
    expect(none.some((candidate) => candidate.claimText.startsWith("The directory"))).toBe(false);
  });

  it("offers a sentence that only introduces a display ('… the chain rule to write.') only with what it introduces", () => {
    const text = "If f is differentiable, we can use the chain rule to write.\n\ndz/dt = fx dx/dt + fy dy/dt";
    const structure: PassageStructure = {
      headings: [],
      blocks: [{ kind: "paragraph", span: { start: 0, end: text.length } }],
    };
    const claims = answerCandidates(text, structure).map((candidate) => candidate.claimText);
    expect(claims).toEqual([
      "If f is differentiable, we can use the chain rule to write. dz/dt = fx dx/dt + fy dy/dt.",
    ]);
  });

  it("reads a sentence on past a displayed command into the paragraph that goes on in lowercase", () => {
    // Paragraphs as extraction sets them: blocks parted by a blank line.
    const paragraphs = (text: string): PassageStructure => {
      const blocks: PassageStructure["blocks"] = [];
      for (const match of text.matchAll(/[^\n]+(?:\n[^\n]+)*/g)) {
        blocks.push({ kind: "paragraph", span: { start: match.index, end: match.index + match[0].length } });
      }
      return { headings: [], blocks };
    };
    const text =
      "Sometimes you want to split figures. The command\n\n\\ContinuedFloat\n\nshould be used as first command inside the floating environment. It keeps the number.";
    const run = answerCandidates(text, paragraphs(text)).find((candidate) =>
      candidate.claimText.includes("first command"),
    );
    expect(run?.quote).toBe(
      "The command\n\n\\ContinuedFloat\n\nshould be used as first command inside the floating environment.",
    );
    expect(run?.claimText).toBe(
      "The command \\ContinuedFloat should be used as first command inside the floating environment.",
    );
    expect(text.slice(run?.start, (run?.start ?? 0) + (run?.quote.length ?? 0))).toBe(run?.quote);
    // A sentence closed by its full stop does not run on, nor does one before a long display.
    const runsOn = (page: string) =>
      answerCandidates(page, paragraphs(page)).some((candidate) => candidate.quote.includes("Float\n\nshould"));
    expect(runsOn(text)).toBe(true);
    expect(runsOn(text.replace("The command", "The command."))).toBe(false);
    expect(runsOn(text.replace("\\ContinuedFloat", `\\ContinuedFloat ${"x".repeat(90)} Float`))).toBe(false);
    // Words between are another column's text or a running title, and a figure alone a footnote's mark.
    const across = (between: string) =>
      answerCandidates(
        `The comments reference the\n\n${between}\n\nproposal and explain the change.`,
        paragraphs(`The comments reference the\n\n${between}\n\nproposal and explain the change.`),
      ).some((candidate) => candidate.quote.includes("proposal") && candidate.quote.includes("reference"));
    expect(across("Vol. 85, No. 152")).toBe(false);
    expect(across("4")).toBe(false);
    expect(across("\\\\maketitle")).toBe(true);
  });

  it("takes a description list's term on its own line with its gloss, led in by the sentence before the list", () => {
    const text =
      "The numbers are divided into classes as follows:\n\n0-99:\nGlobally allocated by the project.\n\n65534:\nUser nobody. The corresponding gid refers to the group nogroup.\n\nCodes:\n0.001 0.01 0.05 0.1";
    const blocks: PassageStructure["blocks"] = [...text.matchAll(/[^\n]+(?:\n[^\n]+)*/g)].map((match) => ({
      kind: "paragraph",
      span: { start: match.index, end: match.index + match[0].length },
    }));
    const terms = answerCandidates(text, { headings: [], blocks }).filter(
      (candidate) => candidate.kind === "definition" && candidate.subject !== undefined,
    );
    const nobody = terms.find((candidate) => candidate.subject === "65534");
    expect(nobody?.claimText).toBe("65534 is User nobody.");
    expect(nobody?.quote).toBe("65534:\nUser nobody.");
    expect(nobody?.context).toEqual(["The numbers are divided into classes as follows:"]);
    expect(text.slice(nobody?.start, (nobody?.start ?? 0) + (nobody?.quote.length ?? 0))).toBe(nobody?.quote);
    // A gloss of figures alone is no prose and makes no entry.
    expect(terms.some((candidate) => candidate.subject === "Codes")).toBe(false);
    // Set tight, the lead-in and the entries are lines of one block: the same entries.
    const tight = text.replaceAll("\n\n", "\n");
    const inBlock = answerCandidates(tight, {
      headings: [],
      blocks: [{ kind: "paragraph", span: { start: 0, end: tight.length } }],
    }).find((candidate) => candidate.subject === "65534");
    expect(inBlock?.claimText).toBe("65534 is User nobody.");
    expect(inBlock?.context).toEqual(["The numbers are divided into classes as follows:"]);
  });

  it("reads a bare 'The default is …' in the light of the sentence before it", () => {
    const text = "The xchars and ychars set the size of the text block. The default is 79 by 24.";
    const [, bare] = sentenceCandidates(text, 0, text.length, ["dumb"], () => null);
    expect(bare?.quote).toBe("The default is 79 by 24.");
    expect(bare?.context).toEqual(["dumb", "The xchars and ychars set the size of the text block."]);
    // A sentence that names what it gives a value of keeps its own context.
    const named = "The terminal is set up. The default size is 79 by 24.";
    expect(sentenceCandidates(named, 0, named.length, [], () => null)[1]?.context).toEqual([]);
  });

  it("reads a sentence pointing back with 'this routine' in the light of the sentence that named the routine", () => {
    const text =
      "The module contains a call to the C routine external_startup() at the start. This routine returns 0 by default. If this routine returns a nonzero value, initialization is skipped.";
    const candidates = sentenceCandidates(text, 0, text.length, [], () => null);
    const pointing = candidates.find((candidate) => candidate.quote.startsWith("If this routine"));
    expect(pointing?.context).toEqual(["The module contains a call to the C routine external_startup() at the start."]);
    // No demonstrative, or nothing before that names its noun: the context stays the block's.
    const contextOf = (block: string, opening: string) =>
      sentenceCandidates(block, 0, block.length, [], () => null).find((candidate) =>
        candidate.quote.startsWith(opening),
      )?.context;
    expect(
      contextOf("The routine is called first. When a nonzero value is returned, the setup is skipped.", "When"),
    ).toEqual([]);
    expect(contextOf("Files are read first. If this value is nonzero, initialization is skipped.", "If")).toEqual([]);
    // A noun ending in s of its own ("class") and a plural ("these modules") find the sentence naming it.
    expect(contextOf("Each object has a class. If this class is abstract, it fails.", "If")).toEqual([
      "Each object has a class.",
    ]);
    expect(contextOf("The loader reads the module. When these modules change, it reloads.", "When")).toEqual([
      "The loader reads the module.",
    ]);
  });

  it("gives an entry whose name brings its own colon no second one", () => {
    expect(entryStatement("65534:", "User nobody. The corresponding gid refers to the group nogroup.")).toBe(
      "65534: User nobody. The corresponding gid refers to the group nogroup.",
    );
    expect(entryStatement("“nobody:”", "a user with no rights.")).toBe("“nobody” is a user with no rights.");
  });

  it("takes each line of a listing of fields as a definition, with the sentence before as its lead-in", () => {
    const text =
      "gnuplot honors the following resources (shown here with their default values).\ngnuplot*background: white\ngnuplot*line6Color: sienna\nMaximum depth: 8 levels";
    const fields = fieldCandidates(text, 0, text.length, []);
    expect(fields.map((field) => field.subject)).toEqual(["gnuplot*background", "gnuplot*line6Color", "Maximum depth"]);
    expect(fields[1]?.claimText).toBe("“gnuplot*line6Color” is sienna.");
    expect(fields[2]?.claimText).toBe("Maximum depth is 8 levels.");
    expect(fields[1]?.context).toEqual([
      "gnuplot honors the following resources (shown here with their default values).",
    ]);
    for (const field of fields) expect(text.slice(field.start, field.start + field.quote.length)).toBe(field.quote);
    // Two "label: value" lines in prose are no listing.
    const prose = "Note: the size is fixed.\nSee also: the geometry section.\nThe rest of the text goes on here.";
    expect(fieldCandidates(prose, 0, prose.length, [])).toEqual([]);
  });

  it("takes a program's printed result line for a candidate, titled by the short lines above it", () => {
    const text = "data: ecm.model\nS0 = 1.5511, p-value = 0.01626";
    const [result, ...rest] = resultCandidates(text, 0, text.length, ["4 Tests"], () => "OLS-based CUSUM test");
    expect(rest).toEqual([]);
    expect(result?.quote).toBe("S0 = 1.5511, p-value = 0.01626");
    expect(result?.claimText).toBe("OLS-based CUSUM test, data: ecm.model: S0 = 1.5511, p-value = 0.01626.");
    expect(result?.context).toEqual(["4 Tests", "OLS-based CUSUM test", "data: ecm.model"]);
    expect(text.slice(result?.start, (result?.start ?? 0) + (result?.quote.length ?? 0))).toBe(result?.quote);
    // A sentence with an equation in it, or a pair with no figure, is no printed result.
    const prose = "The bandwidth is set to h = 0.2 here.\nmodel = lm(y ~ x)";
    expect(resultCandidates(prose, 0, prose.length, [])).toEqual([]);
  });

  it("takes a marked lowercase term and its gloss for an entry, alone at a passage's start too", () => {
    const text =
      "† paper papername\nspecifies the paper size by name.\n† a0paper, a1paper,\nletterpaper\nspecifies paper name.\n† screen a special paper size with (W,H) = (225mm,180mm).";
    const entries = entryCandidates(text, 0, text.length, []);
    expect(entries.map((entry) => entry.subject)).toEqual(["paper", "screen"]);
    // The entry of several names ends the one above; the quote is the page's text from the mark.
    expect(entries[0]?.quote).toBe("† paper papername\nspecifies the paper size by name.");
    expect(entries[1]?.claimText).toBe("“screen”: a special paper size with (W,H) = (225mm,180mm).");
    const alone = "† screen a special paper size with (W,H) = (225mm,180mm).";
    expect(entryCandidates(alone, 0, alone.length, []).map((entry) => entry.subject)).toEqual(["screen"]);
    // A capitalised word after a mark is a sentence of a note, not a term; one dash option alone is no list.
    const note = "* Note that the size is fixed.";
    expect(entryCandidates(note, 0, note.length, [])).toEqual([]);
    const option = "--soloCBlen default: 16";
    expect(entryCandidates(option, 0, option.length, [])).toEqual([]);
  });

  it("reads a footnote from after its mark, the quote still the page's own characters", () => {
    const text = "It uses the symbol ∂.a\n\na Introduced by Condorcet in 1770, who used it for a partial differential.";
    const made = flat(text).find((candidate) => candidate.quote.includes("Condorcet"));
    expect(made?.quote).toBe("Introduced by Condorcet in 1770, who used it for a partial differential.");
    expect(text.slice(made?.start, (made?.start ?? 0) + (made?.quote.length ?? 0))).toBe(made?.quote);
    // A footnote's number before a function word is a mark too; before a unit it is a figure.
    const sentences = (paragraph: string) =>
      sentenceCandidates(paragraph, 0, paragraph.length, [], () => null).map((candidate) => candidate.quote);
    expect(sentences("3 The changes in value are added up over a whole season.")).toEqual([
      "The changes in value are added up over a whole season.",
    ]);
    expect(sentences("3 Mbps is the rate the link keeps all day long.")).toEqual([
      "3 Mbps is the rate the link keeps all day long.",
    ]);
    // A sentence opening on the article before a capitalised word is no footnote: "a" stays (and it starts lowercase).
    expect(
      flat("A cell. an Example of the thing is given here in full.").some((c) => c.quote.startsWith("Example")),
    ).toBe(false);
  });

  it("offers a sentence citing a numbered footnote only as read with its note", () => {
    const citing = "Differences between the two sensors greater than a certain threshold 13 would cause an alert.";
    const text = `${citing}\n\n13 More than 10 degrees difference for more than 10 seconds.`;
    const made = flat(text);
    expect(made.some((candidate) => candidate.quote === citing)).toBe(false);
    const note = made.find((candidate) => candidate.quote.startsWith("13 More"));
    expect(note?.claimText).toContain("threshold (note 13: More than 10 degrees difference");
  });

  it("offers the end of a sentence begun on the page before, when it states something alone", () => {
    const structure: PassageStructure = {
      headings: [],
      blocks: [
        { kind: "paragraph", span: { start: 0, end: 34 } },
        { kind: "paragraph", span: { start: 35, end: 145 } },
      ],
    };
    const text =
      "Figure 14. The balancing condition\nsoftware gfan by Anders Jensen computes tropical varieties by exploiting this description. It is fast.";
    const made = answerCandidates(text, structure).find((candidate) => candidate.quote.startsWith("software"));
    expect(made?.claimText).toBe(
      "Software gfan by Anders Jensen computes tropical varieties by exploiting this description.",
    );
    expect(text.slice(made?.start, (made?.start ?? 0) + (made?.quote.length ?? 0))).toBe(made?.quote);
    // A fragment opening on a function word, or after a paragraph of prose, is only the tail of a sentence.
    const tail = "of the incident, the team computes the damage and reports it to the officer.";
    expect(flat(tail).some((candidate) => candidate.quote.startsWith("of the"))).toBe(false);
    const afterProse = `The team met every week to review what had happened before.\n${tail.replace("of the incident, ", "")}`;
    expect(flat(afterProse).some((candidate) => candidate.quote.startsWith("the team"))).toBe(false);
  });

  it("offers the main clause of a passage's first sentence cut in its opening clause", () => {
    const text =
      "the computational tools, a convenience function kernHAC for kernel-based HAC esti-\nmation has been added that calls vcovHAC: by default, it computes a quadratic spectral kernel estimator. It is fast.";
    const made = flat(text).find((candidate) => candidate.quote.startsWith("a convenience"));
    expect(made?.claimText).toMatch(/^A convenience function kernHAC for kernel-based HAC estimation has been added/);
    expect(made?.claimText).toContain("quadratic spectral kernel");
    // The quote is the main clause as printed, where the passage holds it.
    expect(text.slice(made?.start, (made?.start ?? 0) + (made?.quote.length ?? 0))).toBe(made?.quote);
    expect(flat(text).some((candidate) => candidate.quote.startsWith("the computational"))).toBe(false);
    // A clause that leans on what was cut off ("and", "it") is no statement of its own.
    expect(flat("the first tools, and then it was added to the package by its authors.").length).toBe(0);
    // Not inside a passage: the sentence before holds the opening clause.
    const inside = `The team met every week to review the tools.\n${text}`;
    expect(flat(inside).some((candidate) => candidate.quote.startsWith("a convenience"))).toBe(false);
  });

  it("reads a run-on paragraph line by line, a line cut at a comma going on in the next", () => {
    // No full stop anywhere and over the longest quote a sentence may have: read line by line.
    const items = [
      "Web: An attack executed from a website or web-based application",
      "Attrition: An attack that employs brute force methods to compromise, degrade, or destroy systems,",
      "networks, or services",
      "Email: An attack executed via an email message or attachment",
    ];
    const text = [...items, ...Array.from({ length: 8 }, () => items[3])].join("\n");
    const claims = flat(text).map((candidate) => candidate.claimText);
    expect(claims).toContain(
      "Attrition is An attack that employs brute force methods to compromise, degrade, or destroy systems, networks, or services.",
    );
    expect(claims.some((claim) => claim.endsWith("systems,."))).toBe(false);
  });

  it("also offers a sentence that points back inside joined to the one before", () => {
    const text =
      "Stop the incident if it is still in progress. The most common way to do this is to disconnect the affected systems.";
    const quotes = flat(text).map((candidate) => candidate.quote);
    expect(quotes).toContain(text);
    expect(quotes).toContain("The most common way to do this is to disconnect the affected systems.");
  });

  it("restates a table row with its headers and quotes the row as printed", () => {
    const text = "Key Length\n(Nk words)\nNumber of\nRounds\nAES-128 4 10\nAES-256 8 14";
    const rows = flat(text).filter((candidate) => candidate.kind === "table-row");
    expect(rows.map((row) => row.quote)).toEqual(["AES-128 4 10", "AES-256 8 14"]);
    expect(rows[1]?.claimText).toBe("For AES-256, Key Length (Nk words) is 8 and Number of Rounds is 14.");
    expect(rows[1]?.subject).toBe("AES-256");
    expect(rows[1]?.context).toEqual(expect.arrayContaining(["Number of Rounds"]));
  });

  it("answers a sentence naming what the one before described only joined to it", () => {
    const text =
      "We mask some of the input tokens at random and predict them. We refer to this procedure as a masked LM.";
    const quotes = flat(text).map((candidate) => candidate.quote);
    expect(quotes).toContain(text);
    expect(quotes).not.toContain("We refer to this procedure as a masked LM.");
  });

  it("restates a row of a group with the group's cell from the row above, and quotes it as printed", () => {
    const rows = answerCandidates(groupedRowsText, groupedRowsStructure).filter(
      (candidate) => candidate.kind === "table-row",
    );
    expect(rows[1]?.claimText).toBe("For Leaf, Algorithm is Evolutionary Search and ISE is 2.34.");
    expect(rows[1]?.quote).toBe("Evolutionary Search 2.34");
    expect(rows[1]?.subject).toBe("Leaf");
  });

  it("reads a table's rows with the sentence just above the table as context", () => {
    const text =
      "We fit the model. With the HC4 estimator the errors are:\nIncome 1587 5489\nIntercept 10 20\nMore text follows.";
    const row = (label: string, a: string, b: string) => ({
      kind: "table-row" as const,
      span: { start: text.indexOf(label), end: text.indexOf(b, text.indexOf(label)) + b.length },
      cells: [label, a, b].map((cell) => {
        const start = text.indexOf(cell, text.indexOf(label));
        return { start, end: start + cell.length };
      }),
      headers: ["", "Estimate", "Std. Error"],
    });
    const structure: PassageStructure = {
      headings: ["Public schools"],
      blocks: [
        { kind: "paragraph", span: { start: 0, end: text.indexOf("\nIncome") } },
        row("Income", "1587", "5489"),
        row("Intercept", "10", "20"),
        { kind: "paragraph", span: { start: text.indexOf("More"), end: text.length } },
      ],
    };
    const rows = answerCandidates(text, structure).filter((candidate) => candidate.kind === "table-row");
    expect(rows).toHaveLength(2);
    // Both rows share it, and the paragraph's first sentence is no part of it.
    for (const made of rows) {
      expect(made.context).toContain("With the HC4 estimator the errors are:");
      expect(made.context.join(" ")).not.toContain("We fit the model.");
    }
  });

  it("reads past a table's own header line and a short label to what the table is the output of", () => {
    const text = "R> fit(model, vcov = robustHC)\n\nz test of coefficients:\n\nEstimate Std. Error\n\nIncome 1587 5489";
    const at = (cell: string) => ({ start: text.lastIndexOf(cell), end: text.lastIndexOf(cell) + cell.length });
    const paragraph = (from: string, to: string) => ({
      kind: "paragraph" as const,
      span: { start: text.indexOf(from), end: text.indexOf(to) + to.length },
    });
    const structure: PassageStructure = {
      headings: [],
      blocks: [
        paragraph("R>", "robustHC)"),
        paragraph("z test", "coefficients:"),
        paragraph("Estimate", "Std. Error"),
        {
          kind: "table-row",
          span: { start: text.indexOf("Income"), end: text.length },
          cells: [at("Income"), at("1587"), at("5489")],
          headers: ["", "Estimate", "Std. Error"],
        },
      ],
    };
    const [row] = answerCandidates(text, structure).filter((candidate) => candidate.kind === "table-row");
    // Without the step back the header line itself, "Estimate Std. Error", would be the lead-in.
    expect(row?.context).toContain("R> fit(model, vcov = robustHC) z test of coefficients:");
  });

  it("restates no separator cell or header of marks alone, and keeps a dash that stands for none", () => {
    const text = "margins : left (inner), right (outer) —";
    const at = (cell: string) => ({ start: text.indexOf(cell), end: text.indexOf(cell) + cell.length });
    const structure: PassageStructure = {
      headings: [],
      blocks: [
        {
          kind: "table-row",
          span: { start: 0, end: text.length },
          cells: [at("margins"), at(":"), at("left (inner), right (outer)"), at("—")],
          headers: ["", ":", "Sides", "Note"],
        },
      ],
    };
    const [row] = answerCandidates(text, structure);
    expect(row?.claimText).toBe("For margins, Sides is left (inner), right (outer) and Note is —.");
  });

  it("reads a currency sign set in a column of its own as part of the amount after it", () => {
    const text = "Goodwill $ 10,908 $ 10,799";
    const at = (cell: string, from = 0) => ({
      start: text.indexOf(cell, from),
      end: text.indexOf(cell, from) + cell.length,
    });
    const structure: PassageStructure = {
      headings: [],
      blocks: [
        {
          kind: "table-row",
          span: { start: 0, end: text.length },
          cells: [at("Goodwill"), at("$"), at("10,908"), at("$", 12), at("10,799")],
          headers: ["", "December 29,", "December 29, 2024", "September 29,", "September 29, 2024"],
        },
      ],
    };
    const [row] = answerCandidates(text, structure);
    expect(row?.claimText).toBe("For Goodwill, December 29, 2024 is $10,908 and September 29, 2024 is $10,799.");
    expect(row?.quote).toBe(text);
  });

  it("gives a list item its lead-in in the claim and quotes the item alone", () => {
    const text = "The plan should include:\n• clear information to deployers;\n• a contact point for complaints.";
    const items = flat(text).filter((candidate) => candidate.kind === "list-item");
    expect(items.map((item) => item.quote)).toEqual([
      "clear information to deployers;",
      "a contact point for complaints.",
    ]);
    expect(items[1]?.claimText).toBe("The plan should include: a contact point for complaints.");
  });

  it("joins a sentence ending in a colon with what follows it", () => {
    const text = "The plan should include:\n• clear information to deployers;\n• a contact point.";
    const joined = flat(text).find((candidate) => candidate.kind === "sentence");
    expect(joined?.quote).toBe(text);
  });

  it("strips a connective when the rest stands alone, else joins the sentence before", () => {
    const text =
      "The key schedule expands the key. Furthermore, the cipher uses 14 rounds. It runs fast on every platform.";
    const claims = flat(text).map((candidate) => candidate.claimText);
    expect(claims).toContain("The cipher uses 14 rounds.");
    expect(claims).toContain("The cipher uses 14 rounds. It runs fast on every platform.");
    const joined = flat(text).find((candidate) => candidate.claimText.endsWith("platform."));
    expect(joined?.quote).toBe("Furthermore, the cipher uses 14 rounds. It runs fast on every platform.");
  });

  it("reads definitions: 'X is a …', numbered Definition paragraphs and a labelled heading", () => {
    expect(definedSubject("A tropical semiring is the set of reals with min and plus.")).toBe("tropical semiring");
    expect(definedSubject("Plaintext: Data input to the Cipher.")).toBe("Plaintext");
    expect(definedSubject("The cipher runs fast.")).toBeUndefined();
    const text = "Definition 2.1. A tropical semiring is the set of reals with min and plus.";
    const [definition] = flat(text);
    expect(definition?.kind).toBe("definition");
    expect(definition?.quote).toBe(text);
    const labelled = flat("10.2.3 202 Accepted\nThe request has been accepted for processing.");
    expect(labelled[0]?.claimText).toBe("10.2.3 202 Accepted: The request has been accepted for processing.");
    // A heading labels the sentence; it is not a term the sentence defines.
    expect(labelled[0]?.kind).toBe("sentence");
    expect(definedSubject("Self-attention, sometimes called intra-attention, is an attention mechanism.")).toBe(
      "Self-attention",
    );
    expect(definedSubject("To this end, we define the scatter width (S) as the number of nodes.")).toBe(
      "scatter width (S)",
    );
  });

  it("leaves out debris: cut-off sentence tails, formulas and hex dumps", () => {
    expect(isDebris("5.2). Those words are added to the State.")).toBe(true);
    expect(isDebris("round[10].is_box cbd264d717aa5f8c62b2819c8b02af42")).toBe(true);
    expect(isDebris("The AES algorithm uses keys of 128 bits.")).toBe(false);
  });

  it("uses recorded structure when the passage has it, and every quote stays verbatim", () => {
    const text = "3 Results\nModel | Accuracy\nBaseline | 71.2\nOurs | 84.5";
    const structure: PassageStructure = {
      headings: ["Evaluation"],
      blocks: [
        { kind: "heading", span: { start: 0, end: 9 } },
        {
          kind: "table-row",
          span: { start: 44, end: 53 },
          cells: [
            { start: 44, end: 48 },
            { start: 51, end: 53 + 0 },
          ],
          headers: ["Model", "Accuracy"],
          caption: "Table 2. Accuracy by model",
        },
      ],
    };
    structure.blocks[1] = {
      kind: "table-row",
      span: { start: text.indexOf("Ours"), end: text.length },
      cells: [
        { start: text.indexOf("Ours"), end: text.indexOf("Ours") + 4 },
        { start: text.indexOf("84.5"), end: text.length },
      ],
      headers: ["Model", "Accuracy"],
      caption: "Table 2. Accuracy by model",
    };
    const [row] = answerCandidates(text, structure);
    expect(row?.claimText).toBe("For Ours, Accuracy is 84.5.");
    expect(row?.quote).toBe("Ours | 84.5");
    expect(row?.context).toEqual(["Evaluation", "3 Results", "Model", "Accuracy", "Table 2. Accuracy by model"]);
    for (const candidate of flat("The plan should include:\n• a contact point.\nKey\nValue\nA 1 2\nB 3 4")) {
      expect(
        containsNormalized("The plan should include:\n• a contact point.\nKey\nValue\nA 1 2\nB 3 4", candidate.quote),
      ).toBe(true);
    }
  });

  it("restates a row with its wrapped cell under the same header and without dot leaders", () => {
    const text = "Stabilizer wiring change ........ Up to 79 work-hours = Up to $766,865. Up to $6,715.";
    const cell = (part: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length });
    const structure: PassageStructure = {
      headings: [],
      blocks: [
        {
          kind: "table-row",
          span: { start: 0, end: text.length },
          cells: [
            cell("Stabilizer wiring change ........"),
            cell("Up to 79 work-hours ="),
            cell("Up to $766,865."),
            cell("Up to $6,715."),
          ],
          headers: ["Action", "Labor cost", "Cost on U.S. operators", "Labor cost"],
        },
      ],
    };
    const [row] = answerCandidates(text, structure);
    expect(row?.claimText).toBe(
      "For Stabilizer wiring change, Labor cost is Up to 79 work-hours = Up to $6,715 and Cost on U.S. operators is Up to $766,865.",
    );
    expect(row?.quote).toBe(text);
  });

  it("offers no sentence cut off before the formula it introduces, full stop or not", () => {
    const text =
      "For the AES algorithm, this irreducible polynomial is\n\nm(x) = x8 + x4 + x3 + x + 1, (4.1)\n\nThe product is reduced modulo m(x).";
    const claims = flat(text).map((candidate) => candidate.claimText);
    expect(claims.some((claim) => /polynomial is\.$/.test(claim))).toBe(false);
    expect(claims).toContain("The product is reduced modulo m(x).");
  });

  it("joins a sentence cut before the object of its last preposition with what follows", () => {
    const text = "Incident handling records should be kept for\n\nthree years after the incident is closed.";
    const claims = flat(text).map((candidate) => candidate.claimText);
    expect(claims.some((claim) => /kept for\.$/.test(claim))).toBe(false);
    expect(claims).toContain("Incident handling records should be kept for three years after the incident is closed.");
  });
});
