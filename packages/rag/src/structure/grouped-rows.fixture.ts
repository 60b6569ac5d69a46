import type { PassageStructure } from "./passage-structure";

/** For tests: two rows of one group, the second leaving the group's label ("Leaf") to the first. */
export const groupedRowsText = "Leaf Logarithmic Search 4.04\nEvolutionary Search 2.34";

const at = (cell: string) => ({
  start: groupedRowsText.indexOf(cell),
  end: groupedRowsText.indexOf(cell) + cell.length,
});
const headers = ["Curve", "Algorithm", "ISE"];

export const groupedRowsStructure: PassageStructure = {
  headings: [],
  blocks: [
    {
      kind: "table-row",
      span: { start: 0, end: 28 },
      cells: [at("Leaf"), at("Logarithmic Search"), at("4.04")],
      headers,
    },
    {
      kind: "table-row",
      span: { start: 29, end: groupedRowsText.length },
      cells: [at("Evolutionary Search"), at("2.34")],
      headers: headers.slice(1),
    },
  ],
};
