import { isIP } from "node:net";

/** Host header values as sent by browsers: lower-case name, IPv6 in brackets, port when not the default. */
export function formatHost(name: string, port: number): string {
  const host = isIP(name) === 6 ? `[${name}]` : name.toLowerCase();
  return `${host}:${port}`;
}

/** Parses `name`, `name:port`, `[v6]`, `[v6]:port` or a bare IPv6 address; undefined when it is none of them. */
export function parseHostEntry(entry: string): { name: string; port?: number } | undefined {
  const value = entry.trim().toLowerCase();
  if (isIP(value) === 6) return { name: `[${value}]` };
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match?.[1]) return undefined;
  if (match[1].startsWith("[") && isIP(match[1].slice(1, -1)) !== 6) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65_535) return undefined;
  return port === undefined ? { name: match[1] } : { name: match[1], port };
}

export interface AllowedHostsInput {
  /** The configured HOST. */
  boundHost: string;
  /** The port actually listened on. */
  port: number;
  /** RAG_ALLOWED_HOSTS entries: `name` (any port) or `name:port`. */
  extra: string[];
  /** This machine's addresses and name, added when the server listens on every interface. */
  machineNames: string[];
}

/**
 * The Host values the server answers to. A DNS-rebinding page reaches the server under the
 * attacker's own name, so only names the owner chose (and loopback names, which no outside page can
 * own) are accepted.
 */
export function allowedHosts(input: AllowedHostsInput): { exact: Set<string>; anyPort: Set<string> } {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  const names = ["localhost", "127.0.0.1", "::1", input.boundHost, ...input.machineNames];
  for (const name of names) {
    if (name === "0.0.0.0" || name === "::" || name === "") continue;
    exact.add(formatHost(name, input.port));
  }
  for (const entry of input.extra) {
    const parsed = parseHostEntry(entry);
    if (!parsed) continue;
    if (parsed.port === undefined) anyPort.add(parsed.name);
    else exact.add(`${parsed.name}:${parsed.port}`);
  }
  return { exact, anyPort };
}

/** Whether a Host header names this server. Without a port the scheme's default port is meant. */
export function isHostAllowed(
  host: string | undefined,
  allowed: { exact: Set<string>; anyPort: Set<string> },
  defaultPort: number,
): boolean {
  if (!host) return false;
  const parsed = parseHostEntry(host);
  if (!parsed) return false;
  return allowed.anyPort.has(parsed.name) || allowed.exact.has(`${parsed.name}:${parsed.port ?? defaultPort}`);
}

export type OriginVerdict = { ok: true; browser: boolean } | { ok: false; reason: string };

/**
 * Same-origin check for state-changing requests. Browsers send `Origin` (and `Sec-Fetch-Site`) on
 * every cross-site POST, including `no-cors` form posts, so a foreign or opaque origin is refused.
 * A request with neither header did not come from a browser page; the caller decides what such a
 * client must prove (a bearer token when login is on).
 */
export function checkOrigin(headers: { origin?: string; secFetchSite?: string; host?: string }): OriginVerdict {
  const { origin, secFetchSite, host } = headers;
  if (origin !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return { ok: false, reason: "the request's Origin is not a web origin" };
    }
    const webScheme = parsed.protocol === "http:" || parsed.protocol === "https:";
    const schemePort = parsed.protocol === "https:" ? 443 : 80;
    const target = host === undefined ? undefined : parseHostEntry(host);
    // URL drops a default port from Origin while Host may carry it, so both are compared with ports filled in.
    const sameHost =
      target !== undefined &&
      parsed.hostname.toLowerCase() === target.name &&
      (parsed.port === "" ? schemePort : Number(parsed.port)) === (target.port ?? schemePort);
    if (!webScheme || !sameHost) return { ok: false, reason: "the request came from another web site" };
    return { ok: true, browser: true };
  }
  if (secFetchSite !== undefined) {
    if (secFetchSite === "same-origin") return { ok: true, browser: true };
    return { ok: false, reason: "the request came from another web site" };
  }
  return { ok: true, browser: false };
}
