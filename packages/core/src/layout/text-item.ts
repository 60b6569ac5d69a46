/**
 * One positioned text run as pdf.js reports it, reduced to what layout needs. Coordinates are
 * PDF user space: `x` is the left edge, `y` the baseline, and y grows upwards.
 */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  /** Font size (the text's height in user space). */
  size: number;
}

/** The positioned text of one page. */
export interface PageItems {
  pageNumber: number;
  width: number;
  height: number;
  items: TextItem[];
}
