import { conditionalOpening, isSceneClause, whWords } from "./question-words";

/**
 * Gives each part of a split question the subject it needs, since each part is retrieved and
 * answered alone: a pronoun that points back at the part before takes that part's subject
 * ("Who publishes the standard?" + "When was it approved?" → "When was the standard
 * approved?"), and a noun phrase joined by "as well as" becomes a question of its own with the
 * same opening and the same trailing scope ("What is the block size as well as the number of
 * rounds for AES-256?" → "What is the block size for AES-256?", "What is the number of rounds
 * for AES-256?").
 */

const questionOpening =
  /^((?:(?:what|which|who|where|when|how(?:\s+\p{L}+)?)\s+(?:is|are|was|were|does|do|did|can|may|must|should|will)\s+))(.+)$/iu;
/** A trailing scope naming what both noun phrases belong to: "for AES-256", "of the Kestrel K7". */
const trailingScope =
  /\s+((?:for|of|in|on|under|with)\s+(?:the\s+)?(?:\S*[\p{Lu}\p{N}]\S*)(?:\s+\S*[\p{Lu}\p{N}]\S*)*)$/u;
/** A subject a later pronoun may stand for: a name ("FIPS 197", "Flight 302"), or a noun phrase opened by a determiner. */
const namedPhrase =
  /\b(\p{Lu}[\p{L}\p{N}]*(?:[-/][\p{L}\p{N}]+)*(?:\s+(?:\p{Lu}[\p{L}\p{N}]*(?:[-/][\p{L}\p{N}]+)*|\p{N}[\p{N}.]*\b))*)/gu;
/** A question opening that ends on its auxiliary, so the words after it are a verb and its object ("How does the guide define"). */
const verbOpening = /\s(?:does|do|did|can|may|must|should|will)\s+$/iu;
const determinerPhrase = /\b((?:the|a|an|this|that)\s+(?:[\p{L}\p{N}-]+\s+){0,3}?[\p{L}\p{N}-]+)\s*$/iu;
const auxiliarySubject =
  /^\s*(?:what|which|who|whom|where|when|why|how)(?:\s+\p{L}+)?\s+(?:does|do|did|can|could|may|might|should|will|would|must)\s+((?:the|a|an|this|that|its|their)\s+(?:[\p{L}\p{N}-]+\s+){0,3}?[\p{L}\p{N}-]+)\s+\p{Ll}+$/iu;
/**
 * "What octal mode should directories in a release tarball have now": a subject without a
 * determiner, in lower case (a name is found as a name), between the auxiliary and the closing
 * verb, an adverb of time allowed after it.
 */
const bareAuxiliarySubject =
  /^\s*(?:[Ww]hat|[Ww]hich|[Hh]ow\s+(?:many|much))(?:\s+[\p{L}\p{N}-]+){0,3}?\s+(?:does|do|did|can|could|may|might|should|will|would|must)\s+(\p{Ll}[\p{Ll}\p{N}-]*(?:\s+[\p{Ll}\p{N}-]+){0,5}?)\s+\p{Ll}+(?:\s+(?:now|today|currently|nowadays))?$/u;
/** Words that open no subject a later pronoun could stand for. */
const notASubject = /^(?:i|you|we|they|it|he|she|one|there|this|that|these|those)$/u;
const pronoun = /\b(it|they|them)\b/i;
/**
 * A part that asks only for the kind of answer and names nothing of its own ("and in what
 * year?", "and by whom?", "when?"): it asks that of what the part before asked about.
 */
const bareAsk =
  /^\s*(?:(?:in|at|on|by|from|for|since|until|to)\s+)?(?:what|which|who|whom|when|where|how)(?:\s+(?:year|date|day|month|time|place|country|city|unit|units|number|amount|much|many|long|often))?(?:\s+(?:was|were|is|are|did|does|do))?(?:\s+(?:it|that|this|they|so))?\s*\?*\s*$/iu;
/**
 * "and in whose honor?", "for which protocol?": a preposition and a question word used as a
 * determiner, with the one or two words of what it asks for and no verb of its own (a word in
 * -ed is taken for one: "what happened?"), also asks of what the part before asked about. Without
 * the preposition ("which key lengths?") the part asks for what it names: a question of its own.
 */
const bareDeterminerAsk =
  /^\s*(?:in|at|on|by|from|for|since|until|to|with|under|through|of)\s+(?:which|what|whose)\s+(?:[\p{L}\p{N}-]+\s+)?[\p{L}\p{N}-]*[\p{L}\p{N}](?<!ed)\s*\?*\s*$/iu;
/** A question's opening question word; a noun after "which" stays, as it names what is asked about ("which standard"). */
const askedOpening =
  /^\s*(?:(?:in|at|on|by|from|for|since|until|to)\s+)?(?:what|which|whose|who|whom|when|where|why|how(?:\s+(?:many|much|long|often|far))?)\s+/iu;

/** Splits "What is X as well as Y for Z?" into two scoped questions, or returns null. */
export function splitAsWellAs(question: string): string[] | null {
  const body = question.replace(/\?+\s*$/, "");
  const [left, right, ...rest] = body.split(/\s*,?\s+as\s+well\s+as\s+/i);
  if (left === undefined || right === undefined || rest.length > 0) return null;
  const opening = questionOpening.exec(left);
  if (opening === null) return null;
  const scope = trailingScope.exec(right);
  const second = scope ? right.slice(0, scope.index) : right;
  const tail = scope ? ` ${scope[1]}` : "";
  const head = opening[1] as string;
  // "How does the guide define a precursor, as well as an indicator?": the second phrase is the
  // verb's object, so it takes the place of the first one's object, not of the whole question.
  if (verbOpening.test(head)) {
    const object = [...left.matchAll(/\b(?:the|a|an)\s/giu)].at(-1);
    if (
      object?.index !== undefined &&
      object.index > head.length &&
      left.slice(object.index).split(/\s+/).length <= 5
    ) {
      return [`${left}${tail}?`, `${left.slice(0, object.index)}${second}${tail}?`];
    }
  }
  return [`${head}${opening[2]}${tail}?`, `${head}${second}${tail}?`];
}

/** The subject a pronoun in a later part may stand for: the last name, else the last determiner phrase. */
export function subjectOf(question: string): string | null {
  const body = question.replace(/[?.!]+\s*$/, "");
  // "What does the plan cover": the subject stands between the auxiliary and the closing verb.
  const inverted = auxiliarySubject.exec(body);
  if (inverted) return inverted[1] as string;
  const bare = bareAuxiliarySubject.exec(body)?.[1];
  if (bare !== undefined && !notASubject.test(bare.split(/\s+/u)[0] as string) && !/ly$/u.test(bare)) return bare;
  const withoutOpening = body.replace(/^\s*\S+/, "");
  const names = [...withoutOpening.matchAll(namedPhrase)].map((match) => match[1] as string);
  const found = determinerPhrase.exec(body);
  const phrase = found?.[1];
  const name = names.at(-1);
  if (name === undefined) return phrase ?? null;
  // "the length of a Debian package name": the name qualifies the noun phrase that holds it, and
  // a later "it" is that phrase, not the name ("it" starts with a letter, Debian does not). Only
  // a preposition's object is surely a noun phrase: "was the ESA implemented" ends on a verb.
  if (found === null || phrase === undefined) return name;
  const holdsName =
    phrase.includes(name) &&
    !phrase.endsWith(name) &&
    /\b(?:of|for|in|on|at|to|by|with|from|about)\s+$/i.test(body.slice(0, found.index)) &&
    !/\s(?:of|for|in|on|at|to|by|with|from)\s/i.test(phrase);
  return holdsName ? phrase : name;
}

/** "For the dumb terminal, what …": a phrase before the question word that sets the scope. */
const leadIn =
  /^((?:in|for|on|under|with|within|during|according\s+to|when|where|if)\s[^,?]{2,80}),\s*(?=(?:what|which|who|whom|whose|where|when|why|how)\b)/iu;

/**
 * "For the dumb terminal, what is the default size, and what is the default aspect?": the
 * first part's lead-in scopes the later parts too, so a later part that opens straight on its
 * question word takes it ("For the dumb terminal, what is the default aspect?").
 */
function shareLeadIn(parts: string[]): string[] {
  const scene = leadIn.exec(parts[0] ?? "")?.[1];
  // "When was it released, …" asks; only a "when" or "where" clause without an auxiliary sets a scene.
  if (scene === undefined || (/^(?:when|where)\s/iu.test(scene) && !isSceneClause(scene))) return parts;
  return parts.map((part, k) =>
    k > 0 && whWords.has(part.match(/^\p{L}+/u)?.[0].toLowerCase() ?? "")
      ? `${scene}, ${part.charAt(0).toLowerCase()}${part.slice(1)}`
      : part,
  );
}

/**
 * "Is it OK to put a dot in a cron file name, and if not, what character should I use?": the
 * second part asks on the first one's answer and names nothing of its own, so it carries the
 * first one with it: "If not (is it OK to put a dot in a cron file name?), what character …?".
 */
function askOnPrevious(part: string, previous: string): string {
  const opening = conditionalOpening.exec(part);
  if (opening === null) return part;
  const condition = opening[1] as string;
  const before = previous.replace(/[?.!\s]+$/u, "");
  const asked = part.slice(opening[0].length);
  return `${condition.charAt(0).toUpperCase()}${condition.slice(1).toLowerCase()} (${before.charAt(0).toLowerCase()}${before.slice(1)}?), ${asked}`;
}

/**
 * A part that is only a question word and what it asks of ("Which version of R?") before a part
 * of the same opening: the two share the later one's predicate, which English says once ("Which
 * version of R and which version of the sandwich package were used in the paper?").
 */
const bareOfPhrase =
  /^\s*(which|what)\s+[\p{L}\p{N}-]+(?:\s+[\p{L}\p{N}-]+)?\s+(?:of|for|in|on)\s+[^,;]{1,40}?\s*\?*\s*$/iu;
const predicate =
  /\s((?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|may|might|must)\s[^?]+)\?*\s*$/iu;

function sharePredicate(parts: string[]): string[] {
  return parts.map((part, k) => {
    const next = parts[k + 1];
    const bare = bareOfPhrase.exec(part);
    if (next === undefined || bare === null) return part;
    if (next.match(/^\s*(\p{L}+)/u)?.[1]?.toLowerCase() !== (bare[1] as string).toLowerCase()) return part;
    const shared = predicate.exec(next)?.[1];
    if (shared === undefined || predicate.test(part)) return part;
    return `${part.replace(/[?\s]+$/u, "")} ${shared}?`;
  });
}

/** Each part with the subject it needs (see the file comment). */
export function scopeQuestionParts(parts: string[]): string[] {
  const split = sharePredicate(shareLeadIn(parts.flatMap((part) => splitAsWellAs(part) ?? [part])));
  return split.map((part, k) => {
    if (k > 0 && conditionalOpening.test(part)) return askOnPrevious(part, split[k - 1] as string);
    if (k > 0 && (bareAsk.test(part) || bareDeterminerAsk.test(part)))
      return askOfPrevious(part, split[k - 1] as string);
    if (k === 0 || !pronoun.test(part)) return part;
    const subject = subjectOf(split[k - 1] as string);
    if (subject === null) return part;
    return part.replace(pronoun, (word) =>
      /^\p{Lu}/u.test(word) ? subject.charAt(0).toUpperCase() + subject.slice(1) : subject,
    );
  });
}

/**
 * "in what year?" after "Who introduced the symbol ∂?": the same question with the earlier
 * part's question word given over to this one ("In what year introduced the symbol ∂?"), so
 * it is retrieved and typed as the year of that event rather than of anything.
 */
function askOfPrevious(part: string, previous: string): string {
  const asked = part
    .replace(/[?\s]+$/u, "")
    .replace(/\s+(?:was|were|is|are|did|does|do)(?:\s+(?:it|that|this|they|so))?$/iu, "")
    .replace(/\s+(?:it|that|this|they|so)$/iu, "");
  const body = previous.replace(/[?.!\s]+$/u, "");
  const rest = body.replace(askedOpening, "");
  if (rest === body) return part;
  return `${asked.charAt(0).toUpperCase()}${asked.slice(1)} ${rest}?`;
}
