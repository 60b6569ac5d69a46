import { describe, expect, it } from "vitest";
import type { AnswerCandidate } from "./answer-candidates";
import { candidateFeatures, capitalTokensOf, nameTokensOf } from "./candidate-features";

const sentence = (quote: string, extra: Partial<AnswerCandidate> = {}): AnswerCandidate => ({
  kind: "sentence",
  quote,
  start: 0,
  claimText: quote,
  context: [],
  ...extra,
});

describe("candidateFeatures", () => {
  it("tells which kinds of fact a candidate states", () => {
    expect([...candidateFeatures(sentence("Rent is due on the first day of each month.")).states]).toContain("time");
    expect([...candidateFeatures(sentence("Refunds are paid within ten business days.")).states]).toContain("duration");
    expect([...candidateFeatures(sentence("Licensing made up 12% of revenue.")).states]).toContain("percentage");
    expect([...candidateFeatures(sentence("Fees fell by 0.5 percent.")).states]).toContain("percentage");
    expect([...candidateFeatures(sentence("We mask some percentage of the tokens.")).states]).not.toContain(
      "percentage",
    );
    expect([...candidateFeatures(sentence("The standard was approved by Gina Raimondo.")).states]).toContain("person");
    expect([...candidateFeatures(sentence("The cipher uses 14 rounds.")).states]).toContain("count");
    expect([...candidateFeatures(sentence("The cipher is fast.")).states]).toEqual([]);
  });

  it("reads a contents line as pointing elsewhere, not a dot-leader cell of a table", () => {
    const contents = "5.6. /var/crash : System crash dumps (optional) ................................ 32";
    expect(candidateFeatures(sentence(contents)).crossReference).toBe(true);
    expect(candidateFeatures(sentence("Stabilizer wiring change ........ $766,865.")).crossReference).toBe(false);
    expect(candidateFeatures(sentence("The directory /var/crash holds system crash dumps.")).crossReference).toBe(
      false,
    );
  });

  it("reads no year, count or amount in an identifier, but keeps a range and a figure with its unit", () => {
    const docket = candidateFeatures(sentence("Include Docket No. FAA–2020–0746 and 2019–CE–012–AD in your comments."));
    expect([...docket.states]).not.toContain("time");
    expect([...docket.states]).not.toContain("count");
    expect([...candidateFeatures(sentence("Comments are due by 2020.")).states]).toContain("time");
    expect([...candidateFeatures(sentence("It takes 10–20 days.")).states]).toContain("count");
    expect([...candidateFeatures(sentence("It uses a 256-bit key.")).states]).toContain("quantity");
  });

  it("reads a ratio of small numbers or a fraction of one as a share, not a clock time, date or section", () => {
    const share = (quote: string) => candidateFeatures(sentence(quote)).states.has("percentage");
    expect(share("The default ratio is 2:3 for twoside.")).toBe(true);
    expect(share("The vertical margin ratio is 2/3 by default.")).toBe(true);
    expect(share("The body takes the default scale (= 0.7) of the paper.")).toBe(true);
    expect(share("The meeting starts at 10:30 on 12/25.")).toBe(false);
    expect(share("Section 3.2 describes the layout.")).toBe(false);
    // The sentence's own full stop after the figure.
    expect(share("In this problem, mutation probability is kept at 0.02.")).toBe(true);
    expect(share("The margins are set in the ratio 2:3.")).toBe(true);
    expect(share("Read section 3.2.1 first.")).toBe(false);
  });

  it("takes a path or a file name for a place in a file system, and a ratio or 'and/or' for none", () => {
    const path = (quote: string) => candidateFeatures(sentence(quote)).states.has("path");
    expect(path("5.6. /var/crash : System crash dumps (optional)")).toBe(true);
    expect(path("The settings are read from geometry.cfg at start-up.")).toBe(true);
    expect(path("Put the file in ~/.config/tool to override them.")).toBe(true);
    expect(path("Either and/or both may be given, at 3/4 of the width, in km/h.")).toBe(false);
    expect(path("See e.g. the results in Fig. 3.")).toBe(false);
  });

  it("takes a rule or a denial for what answers a yes-or-no question", () => {
    const polar = (quote: string) => candidateFeatures(sentence(quote)).states.has("polar");
    expect(polar("There must be no subdirectories in /bin.")).toBe(true);
    expect(polar("No weak or semi-weak keys have been identified.")).toBe(true);
    expect(polar("Files may be removed at boot.")).toBe(true);
    expect(polar("The directory holds system crash dumps.")).toBe(false);
  });

  it("lists the words shaped like a name, not a sentence's opening word", () => {
    expect(nameTokensOf("The ESA, coded in VB, was run on a Pentium-III PC.")).toEqual(
      expect.arrayContaining(["esa", "vb", "pentium-iii", "coded"]),
    );
    expect(nameTokensOf("The ESA, coded in VB, was run on a Pentium-III PC.")).not.toContain("the");
    expect(nameTokensOf("IEEE standard POSIX.1-2008 lists requirements.")).toEqual(
      expect.arrayContaining(["ieee", "posix.1-2008"]),
    );
    expect(nameTokensOf("Set --outSAMtype to BAM.")).toContain("--outsamtype");
    // Lowercase words joined by a dot or an underscore are code; "e.g" is not.
    expect(nameTokensOf("Use na.trim or max_allocs, e.g. in short runs.")).toEqual(
      expect.arrayContaining(["na.trim", "max_allocs"]),
    );
    expect(nameTokensOf("Use na.trim or max_allocs, e.g. in short runs.")).not.toContain("e.g");
  });

  it("lists the words printed wholly in capitals, unless the whole text is", () => {
    expect([...capitalTokensOf("Defining ‘‘CHAINED’’ or NDEBUG turns it on; see A.")]).toEqual(["chained", "ndebug"]);
    expect(capitalTokensOf("WARNING: DO NOT OPEN").size).toBe(0);
  });

  it("takes a surname cited as papers cite it for a person", () => {
    const person = (quote: string) => candidateFeatures(sentence(quote)).states.has("person");
    expect(person("It is a measure proposed by Sarkar [5] and combines two errors.")).toBe(true);
    expect(person("The method follows Ramer et al. closely.")).toBe(true);
    expect(person("The notation was introduced by Condorcet in 1770.")).toBe(true);
    expect(person("The measure combines the number of points with the error [5].")).toBe(false);
    // A footnote opening on its verb, a name with a particle, a hyphenated given name.
    expect(person("Introduced by Condorcet in 1770, who used it first.")).toBe(true);
    expect(person("It was first used by the Marquis de Condorcet for differentials.")).toBe(true);
    expect(person("It was then adapted for the purpose by Adrien-Marie Legendre.")).toBe(true);
  });

  it("marks a year of the last millennium, but not a figure that only looks like one", () => {
    const year = (quote: string) => candidateFeatures(sentence(quote)).namesYear;
    expect(year("It was introduced in 1770 by Condorcet.")).toBe(true);
    expect(year("The buffer holds 1024.5 bytes.")).toBe(false);
    expect(year("The buffer holds 1,024 entries.")).toBe(false);
  });

  it("takes no date or year for a count", () => {
    const counts = (quote: string) => candidateFeatures(sentence(quote)).states.has("count");
    expect(counts("On October 22, 2024, the company received a notice.")).toBe(false);
    expect(counts("In fiscal 2025 the plan was renewed on 3 March 2025.")).toBe(false);
    expect(counts("The report of 2024-11-29 was filed in March 2025.")).toBe(false);
    expect(counts("The company had 50,000 employees in 2024.")).toBe(true);
    expect(counts("In fiscal 2025 we hired three hundred engineers.")).toBe(true);
    expect(counts("The fund paid $2,024.50 in fees.")).toBe(true);
  });

  it("takes a table row's figure under a header naming time or its unit for a duration", () => {
    const row = (claimText: string) =>
      candidateFeatures(sentence("Random 221.7 8", { kind: "table-row", claimText })).states;
    expect(row("For Random, Recovery Time (s) is 221.7 and Scatter Width is 8.").has("duration")).toBe(true);
    expect(row("For Random, Latency (ms) is 4.").has("duration")).toBe(true);
    expect(row("For Random, Scatter Width is 8 and Copysets is 234.").has("duration")).toBe(false);
    // A sentence says its unit after the figure or not at all.
    expect(candidateFeatures(sentence("Recovery Time (s) is 221.7.")).states.has("duration")).toBe(false);
  });

  it("keeps own words apart from context words and flags cross-references", () => {
    const features = candidateFeatures(
      sentence("AES-256 8 4 14", { kind: "table-row", context: ["Number of Rounds"] }),
    );
    expect(features.ownForms.has("#14")).toBe(true);
    expect(features.ownForms.has("round")).toBe(false);
    expect(features.contextForms.has("round")).toBe(true);
    expect(candidateFeatures(sentence("See Section 6.3 for the details.")).crossReference).toBe(true);
    expect(
      candidateFeatures(sentence("The block size is described in Section 6; see Section 6.3.")).crossReference,
    ).toBe(true);
    // A quote that holds a cross-reference but says something of its own.
    const entry = "See also twoside. bindingoffset removes a specified space from the inner side of the page.";
    expect(candidateFeatures(sentence(entry)).crossReference).toBe(false);
    const aside = "The key schedule (see Section 5.2) expands the cipher key into 44 words.";
    expect(candidateFeatures(sentence(aside)).crossReference).toBe(false);
    // A sentence that points ahead to what it announces holds none of it.
    const announcing = "Interrupt numbers and the corresponding addresses for the 8051 are listed below.";
    expect(candidateFeatures(sentence(announcing)).crossReference).toBe(true);
    expect(candidateFeatures(sentence("The options are as follows:")).crossReference).toBe(true);
    expect(candidateFeatures(sentence("The vectors listed below start at 0x0003.")).crossReference).toBe(false);
  });

  it("reads nothing stated in a table of contents' line, only a pointer", () => {
    const entry = candidateFeatures(sentence("3.6 Optimization . . . . . . . . . . . . . 43"));
    expect(entry.crossReference).toBe(true);
    expect(entry.states.size).toBe(0);
    expect(entry.countsThings).toBe(false);
    const row = candidateFeatures(
      sentence("Gplink 41 3.6 Optimization . . . . . . . . 43", {
        kind: "table-row",
        claimText: "Gplink 41 is 3.6 Optimization . . . . . . . . 43.",
      }),
    );
    expect(row.states.size).toBe(0);
  });

  it("counts things only with a figure that is no date, span of time or share", () => {
    const countsThings = (quote: string) => candidateFeatures(sentence(quote)).countsThings;
    expect(countsThings("The valve holds 12 litres.")).toBe(true);
    expect(countsThings("The notice came within 60 days.")).toBe(false);
    expect(countsThings("The rate rose 15% in March 2025.")).toBe(false);
    expect(countsThings("In March 2025 the team had 40 members.")).toBe(true);
    expect(candidateFeatures(sentence("The notice came within 60 days.")).states.has("quantity")).toBe(true);
  });

  it("reads candidates of one context alike, and a sentence's claim forms are its own", () => {
    const first = candidateFeatures(sentence("The pump is stopped.", { context: ["Pump Safety"] }));
    const second = candidateFeatures(sentence("The valve is closed.", { context: ["Pump Safety"] }));
    expect([...first.contextForms]).toEqual([...second.contextForms]);
    expect(first.context.map((word) => word.surface)).toEqual(["pump", "safety"]);
    expect([...first.claimForms]).toEqual([...first.ownForms]);
    expect(first.ownForms.has("valve")).toBe(false);
    expect(second.ownForms.has("valve")).toBe(true);
  });
});
