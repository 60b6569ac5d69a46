import type { TextItem } from "@audited-rag/core";
import { buildRows, readingOrder } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { item } from "../../../core/src/layout/hand-made-items";
import { answerCandidates } from "../answering/answer-candidates";
import { detectHangingList } from "./hanging-lists";
import { layOutBlocks } from "./page-blocks";

const lines = (items: TextItem[]) => readingOrder(buildRows(items));
const termX = 50;
const descriptionX = 130;

/** An option reference set as a hanging list: terms at the left, descriptions in a column to the right. */
function optionList(): TextItem[] {
  return [
    item("The options below set the margins of the page.", termX, 700),
    item("vmargin", termX, 686),
    item("top and bottom margin of the page, given as", descriptionX, 686),
    item("vmargin={top,bottom} or vmargin=length.", descriptionX, 674),
    // A term too long for its column runs into its description.
    item("hmarginratio horizontal margin ratio of left to right.", termX, 662),
    item("The default ratio is 1:1 for oneside documents.", descriptionX, 650),
    item("bindingoffset", termX, 638),
    item("removes a specified space from the inner side for binding.", descriptionX, 626),
  ];
}

describe("hanging lists", () => {
  it("reads each entry of a hanging list as an item marked by its term and led in by the sentence before", () => {
    const page = layOutBlocks(lines(optionList()), { headings: [] });
    const items = page.blocks.filter((block) => block.kind === "list-item");
    expect(items.map((block) => (block.kind === "list-item" ? block.marker : ""))).toEqual([
      "vmargin",
      "hmarginratio",
      "bindingoffset",
    ]);
    expect(items.every((block) => block.kind === "list-item" && block.leadIn?.startsWith("The options below"))).toBe(
      true,
    );
    expect(page.text.slice(items[1]?.span.start, items[1]?.span.end)).toBe(
      "hmarginratio horizontal margin ratio of left to right.\nThe default ratio is 1:1 for oneside documents.",
    );
  });

  it("says an entry as its term's definition, quotes it whole, and gives its sentences the term as context", () => {
    const page = layOutBlocks(lines(optionList()), { headings: [] });
    const candidates = answerCandidates(page.text, { headings: [], blocks: page.blocks });
    const entry = candidates.find((candidate) => candidate.subject === "hmarginratio");
    expect(entry?.kind).toBe("definition");
    expect(entry?.claimText).toBe(
      "“hmarginratio”: horizontal margin ratio of left to right. The default ratio is 1:1 for oneside documents.",
    );
    expect(page.text.slice(entry?.start, (entry?.start ?? 0) + (entry?.quote.length ?? 0))).toBe(entry?.quote);
    const sentence = candidates.find((candidate) => candidate.claimText.startsWith("The default ratio"));
    expect(sentence?.context).toContain("hmarginratio");
  });

  it("reads a description line split at a stretched space after a full stop as prose, not a table's row", () => {
    // TeX sets extra space after a sentence, and justification widens it past a cell gap.
    const entries = [
      item("sharedstatedir", termX, 700),
      item("The directory for data files which the programs modify as they run.", descriptionX, 688),
      item("localstatedir", termX, 676),
      item("The directory for data files that pertain to one specific machine", descriptionX, 664),
      item("and to the files in $(sysconfdir).", descriptionX, 652),
      item("$(localstatedir) should normally be", descriptionX + 185, 652),
      item("/usr/local/var, but write it as $(prefix)/var.", descriptionX, 640),
      item("runstatedir", termX, 628),
      item("The directory for data files which need not persist past a reboot.", descriptionX, 616),
    ];
    const page = layOutBlocks(lines(entries), { headings: [] });
    const markers = page.blocks.flatMap((block) => (block.kind === "list-item" ? [block.marker] : []));
    expect(markers).toEqual(["sharedstatedir", "localstatedir", "runstatedir"]);
    // A gap after a word that ends no clause still parts cells.
    const table = [...entries];
    table[5] = item("$(localstatedir) should normally be", descriptionX + 185, 652);
    table[4] = item("and to the files in $(sysconfdir)", descriptionX, 652);
    const split = layOutBlocks(lines(table), { headings: [] });
    expect(split.blocks.filter((block) => block.kind === "list-item").length).toBeLessThan(3);
  });

  it("leads a list that opens a page in with the sentence ending the page before, past its footnote", () => {
    const state = { headings: [] };
    layOutBlocks(
      lines([
        item("Parts of the string are separated by semicolons.", termX, 700),
        item("The following fieldnames are allowed:", termX, 688),
        item("4 For downloads see the project site.", termX, 100, 7),
      ]),
      state,
    );
    const next = layOutBlocks(lines(optionList().slice(1)), state);
    const items = next.blocks.filter((block) => block.kind === "list-item");
    expect(items.length).toBe(3);
    expect(
      items.every((block) => block.kind === "list-item" && block.leadIn === "The following fieldnames are allowed:"),
    ).toBe(true);
    // A page ending on a full stop leads nothing in; a lead-in serves only the page right after it.
    const plain = { headings: [] };
    layOutBlocks(lines([item("The fields are described below.", termX, 700)]), plain);
    const unled = layOutBlocks(lines(optionList().slice(1)), plain);
    expect(unled.blocks.some((block) => block.kind === "list-item" && block.leadIn !== undefined)).toBe(false);
  });

  it("reads a glossary set as a specification sets it: each term on its line, its definition indented three characters below, a blank line between", () => {
    // A fixed-width font, 10 pt, 5 pt a character (the hand-made items' width); pitch 12.
    const glossary = [
      ["Claim", "A piece of information asserted about a subject."],
      ["Claim Name", "The name portion of a claim representation.", "A Claim Name is always a string."],
      ["Claim Value", "The value portion of a claim representation."],
      ["Nested JWT", "A JWT in which nested signing and/or encryption", "are employed."],
    ];
    const items: TextItem[] = [item("These terms are defined by this specification:", termX, 760)];
    let y = 736;
    for (const [term, ...definition] of glossary) {
      items.push(item(term as string, termX, y));
      for (const line of definition) {
        y -= 12;
        items.push(item(line, termX + 15, y));
      }
      y -= 24;
    }
    // After a blank line, a line of prose whose first word could be a term is no entry.
    items.push(item("Implementations use these terms throughout the text below.", termX, y));
    const page = layOutBlocks(lines(items), { headings: [] });
    const entries = page.blocks.filter((block) => block.kind === "list-item");
    expect(entries.map((block) => (block.kind === "list-item" ? block.marker : ""))).toEqual([
      "Claim",
      "Claim Name",
      "Claim Value",
      "Nested JWT",
    ]);
    expect(page.blocks.at(-1)?.kind).toBe("paragraph");
    const candidates = answerCandidates(page.text, { headings: [], blocks: page.blocks });
    const nested = candidates.find((candidate) => candidate.subject === "Nested JWT");
    expect(nested?.claimText).toBe("Nested JWT: A JWT in which nested signing and/or encryption are employed.");
    // Prose indented three characters under a short line is no glossary when fewer than three entries are.
    const two = layOutBlocks(lines(items.slice(0, 6)), { headings: [] });
    expect(two.blocks.some((block) => block.kind === "list-item")).toBe(false);
    // Lines of prose at the edge over bullets indented as far are prose and a bulleted list.
    const bulleted = layOutBlocks(
      lines([
        item("which the tools cannot handle. Changes which cause an error", termX, 760),
        item("building the package are:", termX, 748),
        item("• Adding or removing symbolic links.", termX + 15, 736),
        item("• Changing the targets of symbolic links.", termX + 15, 724),
        item("Changes which cause a warning are:", termX, 712),
        item("• Removing files or directories.", termX + 15, 700),
        item("Changes which go undetected are:", termX, 688),
        item("• Changing the permissions of files.", termX + 15, 676),
      ]),
      { headings: [] },
    );
    expect(
      bulleted.blocks.flatMap((block) => (block.kind === "list-item" ? [block.marker, block.leadIn] : [])),
    ).toEqual([
      "•",
      "Changes which cause an error building the package are:",
      "•",
      "Changes which cause an error building the package are:",
      "•",
      "Changes which cause a warning are:",
      "•",
      "Changes which go undetected are:",
    ]);
  });

  it("leaves prose, a table of several cells a row and a short indented run alone", () => {
    const prose = layOutBlocks(
      lines([
        item("This paragraph runs over several lines of", termX, 700),
        item("ordinary prose, with one line set in from", termX, 688),
        item("the margin: an equation = 2 x + 1 set apart", descriptionX, 676),
        item("and the sentence then goes on to its end.", termX, 664),
      ]),
      { headings: [] },
    );
    expect(prose.blocks.some((block) => block.kind === "list-item")).toBe(false);
    const cells = layOutBlocks(
      lines([
        item("Chromosome", termX, 700),
        item("Logarithmic search", descriptionX, 700),
        item("3.68", 300, 700),
        item("Leaf", termX, 688),
        item("Evolutionary search", descriptionX, 688),
        item("2.34", 300, 688),
        item("Semicircle", termX, 676),
        item("Logarithmic search", descriptionX, 676),
        item("6.93", 300, 676),
      ]),
      { headings: [] },
    );
    expect(cells.blocks.some((block) => block.kind === "list-item")).toBe(false);
  });

  it("takes no run of rows whose right part is several cells for a hanging list", () => {
    const rows = lines(
      ["Chromosome", "Leaf", "Semicircle", "Infinity"].flatMap((label, k) => [
        item(label, termX, 700 - k * 12),
        item("Two-dimensional logarithmic search", descriptionX, 700 - k * 12),
        item(`${k + 2}.68`, 320, 700 - k * 12),
      ]),
    );
    const texts = rows.map((line) => line.segments.map((segment) => segment.text).join(" "));
    expect(detectHangingList(rows, texts, 0, 12, () => false)).toBeUndefined();
    // The same rows without their figures are a hanging list.
    const entries = lines(
      ["Chromosome", "Leaf", "Semicircle", "Infinity"].flatMap((label, k) => [
        item(label, termX, 700 - k * 12),
        item("Two-dimensional logarithmic search", descriptionX, 700 - k * 12),
      ]),
    );
    const entryTexts = entries.map((line) => line.segments.map((segment) => segment.text).join(" "));
    expect(detectHangingList(entries, entryTexts, 0, 12, () => false)?.entries.map((entry) => entry.term)).toEqual([
      "Chromosome",
      "Leaf",
      "Semicircle",
      "Infinity",
    ]);
  });
});
