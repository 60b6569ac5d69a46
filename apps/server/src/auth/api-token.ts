import { createHash, randomBytes } from "node:crypto";

/** Every token starts with this, so leaked tokens are easy to recognise and grep for. */
export const tokenMarker = "rag_";
const secretBytes = 32;
/** Characters of the secret shown in listings: enough to tell tokens apart, far too few to guess the rest. */
const shownCharacters = 8;

export interface NewToken {
  /** The whole secret, shown once to its owner. */
  secret: string;
  /** What listings show, e.g. `rag_Ab3dE9xK…`. */
  prefix: string;
  /** What is stored. */
  hash: string;
}

/**
 * 256 random bits; plain sha256 is enough at rest because nothing can be guessed from such a
 * secret, unlike a password.
 */
export function createToken(): NewToken {
  const secret = `${tokenMarker}${randomBytes(secretBytes).toString("base64url")}`;
  return { secret, prefix: tokenPrefix(secret), hash: hashSecret(secret) };
}

export function tokenPrefix(secret: string): string {
  return `${secret.slice(0, tokenMarker.length + shownCharacters)}…`;
}

/** sha256 hex of a token or session id, for storage and lookup. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** A random session id for the cookie. */
export function createSessionId(): string {
  return randomBytes(secretBytes).toString("base64url");
}

/** The secret of an `Authorization: Bearer …` header, or undefined when there is none. */
export function bearerSecret(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S{1,512})[ \t]*$/i.exec(header ?? "");
  return match?.[1];
}
