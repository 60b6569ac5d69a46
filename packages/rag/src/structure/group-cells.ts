/** A table row's cells with the header of each, "" where a column has none. */
export interface RowCells {
  headers: string[];
  cells: string[];
  caption?: string | undefined;
}

/**
 * A row that leaves its leading columns empty belongs to the group the row above opened: "Leaf |
 * 2-D Logarithmic Search | 4.04" then "| Evolutionary Search | 2.34", or a datasheet parameter
 * named once over the rows of its test conditions. The row above's leading cells carry down to
 * it, for restating (a quote stays the row as printed). Only between rows of one table (same
 * caption), and only when the row's first header is a later column of the row above and the two
 * rows end in the same columns. A first cell that is only a bracket under the same header as a
 * label above ("Infinity" over "(n = 45)") is that label's second line, and joins it. Pure.
 */
export function withGroupCells<Row extends RowCells>(row: Row, above: RowCells | undefined): Row {
  if (!above || above.caption !== row.caption || row.headers.length === 0) return row;
  const first = row.headers[0] as string;
  const label = above.cells[0];
  const own = row.cells[0];
  // A group's label set over two lines ("Infinity" over "(n = 45)"): the second line finishes it.
  if (
    first !== "" &&
    above.headers[0] === first &&
    label !== undefined &&
    own !== undefined &&
    /^\([^()]+\)$/u.test(own) &&
    /\p{L}/u.test(label) &&
    !/[()]/u.test(label)
  ) {
    return { ...row, cells: [`${label} ${own}`, ...row.cells.slice(1)] };
  }
  const at = first === "" ? -1 : above.headers.indexOf(first);
  if (at <= 0 || above.headers.length - at !== row.headers.length) return row;
  const leading = above.headers.slice(0, at);
  if (leading.some((header) => header === "" || row.headers.includes(header))) return row;
  return { ...row, headers: [...leading, ...row.headers], cells: [...above.cells.slice(0, at), ...row.cells] };
}
