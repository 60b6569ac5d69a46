import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt cost parameters; stored with every hash so they can be raised without locking anyone out. */
export interface ScryptParameters {
  /** CPU/memory cost, a power of two; memory use is 128 · N · r bytes (32 MiB at the default). */
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt minimum (N=2^15, r=8, p=1) is about 32 MiB and tens of milliseconds per hash. */
export const defaultScryptParameters: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };

const keyLength = 32;
const saltLength = 16;
const prefix = "scrypt";

function derive(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const options: ScryptOptions = {
    N: parameters.N,
    r: parameters.r,
    p: parameters.p,
    // Node refuses above 32 MiB by default; allow twice what these parameters need.
    maxmem: 256 * parameters.N * parameters.r,
  };
  // The async form runs on the libuv pool, so a login never blocks other requests. NFC (as RFC 8265's
  // OpaqueString) makes the same password typed on different keyboards hash alike.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes a password as `scrypt$N=…,r=…,p=…$<salt>$<key>` (base64url parts). */
export async function hashPassword(
  password: string,
  parameters: ScryptParameters = defaultScryptParameters,
): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, parameters);
  const params = `N=${parameters.N},r=${parameters.r},p=${parameters.p}`;
  return [prefix, params, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  parameters: ScryptParameters;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const [name, params, salt, key, ...rest] = stored.split("$");
  if (name !== prefix || !params || !salt || !key || rest.length > 0) return undefined;
  const values = Object.fromEntries(params.split(",").map((pair) => pair.split("=") as [string, string]));
  const parameters = { N: Number(values.N), r: Number(values.r), p: Number(values.p) };
  const sane =
    Number.isInteger(parameters.N) &&
    parameters.N > 1 &&
    (parameters.N & (parameters.N - 1)) === 0 &&
    parameters.N <= 2 ** 20 &&
    Number.isInteger(parameters.r) &&
    parameters.r >= 1 &&
    parameters.r <= 32 &&
    Number.isInteger(parameters.p) &&
    parameters.p >= 1 &&
    parameters.p <= 16;
  if (!sane) return undefined;
  return { parameters, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

/** Whether `password` matches `stored`, compared in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== keyLength) return false;
  const candidate = await derive(password, parsed.salt, parsed.parameters);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when the stored hash used weaker parameters than `current`, so it is replaced at the next sign-in. */
export function needsRehash(stored: string, current: ScryptParameters = defaultScryptParameters): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.parameters;
  return N < current.N || r < current.r || p < current.p;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check for a name that has no account, so response times do not
 * tell which names exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not a real password, only for timing");
  await verifyPassword(password, await dummyHash);
  return false;
}
