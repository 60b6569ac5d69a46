/** Names of the repairs {@link parseLenientJson} can make, in the order they are tried. */
export type LenientJsonFixup =
  | "stripped_fence"
  | "extracted_object"
  | "straightened_quotes"
  | "removed_trailing_commas";

export type LenientJsonResult =
  | { ok: true; value: unknown; fixups: LenientJsonFixup[] }
  | { ok: false; fixups: LenientJsonFixup[]; reason: string };

const FENCE = /```[A-Za-z0-9_-]*[ \t]*\r?\n?([\s\S]*?)(?:```|$)/;
const CURLY_DOUBLE = "[\u201C\u201D\u201E\u201F\u2033]";
/** Curly quotes next to JSON punctuation; typographic quotes inside string values are left alone. */
const STRUCTURAL_OPENING = new RegExp(`([{\\[,:]\\s*)${CURLY_DOUBLE}`, "g");
const STRUCTURAL_CLOSING = new RegExp(`${CURLY_DOUBLE}(\\s*[:,}\\]])`, "g");

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The balanced `{…}` starting at `start`, respecting strings; undefined when it never closes. */
function balancedObject(text: string, start: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** Drops commas that directly precede `}` or `]`, outside strings. */
function removeTrailingCommas(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (inString) {
      out += char;
      if (char === "\\" && i + 1 < text.length) out += text[++i];
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    if (char === "," && /^\s*[}\]]/.test(text.slice(i + 1))) continue;
    out += char;
  }
  return out;
}

/** Applies the quote and comma repairs in turn until the candidate parses. */
function repairAndParse(candidate: string, fixups: LenientJsonFixup[]): LenientJsonResult {
  let text = candidate;
  let attempt = tryParse(text);
  if (attempt.ok) return { ok: true, value: attempt.value, fixups };
  const steps: Array<[LenientJsonFixup, (input: string) => string]> = [
    ["straightened_quotes", (input) => input.replace(STRUCTURAL_OPENING, '$1"').replace(STRUCTURAL_CLOSING, '"$1')],
    ["removed_trailing_commas", removeTrailingCommas],
  ];
  const applied = [...fixups];
  for (const [name, repair] of steps) {
    const repaired = repair(text);
    if (repaired === text) continue;
    text = repaired;
    applied.push(name);
    attempt = tryParse(text);
    if (attempt.ok) return { ok: true, value: attempt.value, fixups: applied };
  }
  return { ok: false, fixups: applied, reason: attempt.reason };
}

/**
 * Reads a language model's JSON answer, repairing what small models commonly get wrong:
 * a markdown fence, prose before or after the object, curly quotes used as JSON quotes and
 * trailing commas. Reports which repairs were needed; never throws.
 */
export function parseLenientJson(raw: string): LenientJsonResult {
  let text = raw.trim();
  const fixups: LenientJsonFixup[] = [];
  const strict = tryParse(text);
  if (strict.ok) return { ok: true, value: strict.value, fixups };

  const fenced = FENCE.exec(text);
  if (fenced) {
    text = (fenced[1] ?? "").trim();
    fixups.push("stripped_fence");
  }
  const direct = repairAndParse(text, fixups);
  if (direct.ok) return direct;

  // Prose around the object: try each `{` as a start, first that parses wins.
  let failure = direct;
  for (let start = text.indexOf("{"), tries = 0; start !== -1 && tries < 20; start = text.indexOf("{", start + 1)) {
    tries++;
    const candidate = balancedObject(text, start) ?? text.slice(start, text.lastIndexOf("}") + 1);
    if (candidate.length === 0 || candidate === text) continue;
    const result = repairAndParse(candidate, [...fixups, "extracted_object"]);
    if (result.ok) return result;
    failure = result;
  }
  return failure;
}
