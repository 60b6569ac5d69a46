/**
 * A quote or passage as a reader should see it: words broken at a line end joined
 * ("illus-\ntrated" → "illustrated") and line breaks shown as spaces. The stored page text keeps
 * the hyphen and the break as printed; quote matching joins them the same way, so
 * `normalizeForMatch(displayText(text)) === normalizeForMatch(text)` and a displayed quote is
 * still found on its page.
 */
export function displayText(text: string): string {
  return text
    .replace(/(\p{L})[-\u2010\u00ad][ \t]*\r?\n\s*(?=\p{Ll})/gu, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
