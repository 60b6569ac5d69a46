/** Words that open or shape a question, shared by splitting a question and scoping its parts. */

export const whWords = new Set(["what", "which", "who", "whom", "whose", "when", "where", "why", "how"]);

export const auxiliaries = new Set(
  "is are was were do does did can could will would should shall may might must has have had".split(" "),
);

/** "if not, …", "if so, …", "otherwise, …": a question asked on the answer to the one before. */
export const conditionalOpening = /^\s*(?:and\s+)?(if\s+(?:not|so|yes|no)|otherwise)\s*,\s*(?=\p{L})/iu;

function lowerWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}']+/gu) ?? []).map((word) => word.toLowerCase());
}

/**
 * "When switching to polar coordinates, what …", "where no driver is set, which …": a clause
 * opened by "when" or "where" without an auxiliary after it sets the scene for the question
 * after the comma; it asks nothing itself ("When was it released, …" does).
 */
export function isSceneClause(text: string): boolean {
  const [first, second] = lowerWords(text);
  return (first === "when" || first === "where") && second !== undefined && !auxiliaries.has(second);
}
