import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback; `localhost` too when `names` is set. */
export function isLoopbackAddress(address: string | undefined, options: { names?: boolean } = {}): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (options.names && bare === "localhost") return true;
  if (bare === "::1") return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice("::ffff:".length) : bare;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/** An address that listens on every interface rather than one. */
export function isWildcardAddress(address: string): boolean {
  return address === "0.0.0.0" || address === "::" || address === "[::]";
}
