const prefix = "#answer=";

/** The answer id in a location hash such as "#answer=abc", or null. */
export function answerIdFromHash(hash: string): string | null {
  if (!hash.startsWith(prefix)) return null;
  const id = decodeURIComponent(hash.slice(prefix.length)).trim();
  return id === "" ? null : id;
}

/** The hash that links to an answer. */
export function hashForAnswer(id: string): string {
  return `${prefix}${encodeURIComponent(id)}`;
}
