import type { AskResponse } from "@audited-rag/core";

/**
 * The question words the answer engine read as another word, one typing slip away, said in one
 * sentence: "Read “temprature” as “temperature”, as the sources print it." Null when it read every
 * word as typed.
 */
export function describeReadAs(response: Pick<AskResponse, "trace">): string | null {
  const read = new Map<string, string>();
  for (const part of response.trace?.scores ?? []) {
    for (const fix of part.readAs ?? []) if (!read.has(fix.asked)) read.set(fix.asked, fix.read);
  }
  if (read.size === 0) return null;
  const pairs = [...read].map(([asked, as]) => `“${asked}” as “${as}”`);
  const listed = pairs.length === 1 ? pairs[0] : `${pairs.slice(0, -1).join(", ")} and ${pairs.at(-1)}`;
  return `Read ${listed}, as the sources print ${read.size === 1 ? "it" : "them"}.`;
}
