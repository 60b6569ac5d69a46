import { InvalidRequestError } from "@audited-rag/core";

/**
 * Parses a JSON request body, refusing keys that could reach an object's prototype later
 * (`__proto__`, `constructor.prototype`) with a message that says so. Pure.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") throw new InvalidRequestError("The body is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidRequestError("The body is not valid JSON");
  }
  // Only bodies that mention the words can hold the keys; most asks skip the walk.
  if ((text.includes("__proto__") || text.includes("prototype")) && hasForbiddenKey(value)) {
    throw new InvalidRequestError("The body uses a forbidden key (__proto__ or constructor.prototype); rename it");
  }
  return value;
}

function hasForbiddenKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== "object" || current === null) continue;
    if (Object.hasOwn(current, "__proto__")) return true;
    const owner = Object.hasOwn(current, "constructor") ? (current as { constructor: unknown }).constructor : undefined;
    if (typeof owner === "object" && owner !== null && Object.hasOwn(owner, "prototype")) return true;
    pending.push(...Object.values(current));
  }
  return false;
}
