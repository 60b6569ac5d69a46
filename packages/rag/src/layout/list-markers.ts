/**
 * A bullet, number or letter that opens a list item, followed by the item's text. Bullets set
 * in Symbol or Wingdings fonts come out of pdf.js as private-use characters (U+F0B7 and kin).
 */
const markerPattern =
  /^([•◦▪▫●○■□‣⁃∙·\-–—*➢►▶✓✔❖\uf000-\uf0ff]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\([ivx]{1,5}\)|[ivx]{1,5}\.|\([A-Z]\)|[A-Z]\))\s+(?=\S)/;

/** The list marker at the start of a line and the offset where the item's own text begins. */
export function listMarker(text: string): { marker: string; textStart: number } | undefined {
  const match = markerPattern.exec(text);
  if (!match?.[1]) return undefined;
  return { marker: match[1], textStart: match[0].length };
}

/** Whether a segment is a marker standing alone (pdf.js often reports the bullet as its own run). */
export function isBareMarker(text: string): boolean {
  return listMarker(`${text.trim()} x`)?.textStart === text.trim().length + 1;
}

/** The kind of marker, so items of one list can be told from a nested one: "bullet", "1.", "a)", … */
export function markerKind(marker: string): string {
  if (/^\(?\d/.test(marker)) return `number${marker.replace(/\d+/g, "")}`;
  if (/^\(?[ivx]+[.)]$/.test(marker)) return `roman${marker.replace(/[ivx]+/g, "")}`;
  if (/^\(?[a-z]/.test(marker)) return `letter${marker.replace(/[a-z]/g, "")}`;
  if (/^\(?[A-Z]/.test(marker)) return `upper${marker.replace(/[A-Z]/g, "")}`;
  // Different bullet glyphs mark different (usually nested) lists.
  return `bullet${marker}`;
}
