import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./loopback";
import { allowedHosts, checkOrigin, isHostAllowed, parseHostEntry } from "./request-guard";

describe("Host allow-list", () => {
  const loopbackOnly = allowedHosts({ boundHost: "127.0.0.1", port: 3000, extra: [], machineNames: [] });

  it("accepts the loopback names and the bound address with the port", () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST:3000"]) {
      expect(isHostAllowed(host, loopbackOnly, 80)).toBe(true);
    }
  });

  it("refuses other names, other ports and junk (DNS rebinding uses the attacker's name)", () => {
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "localhost:3001",
      "localhost",
      "127.0.0.1.evil.example:3000",
      "",
      "local host:3000",
      "[::1",
    ]) {
      expect(isHostAllowed(host, loopbackOnly, 80)).toBe(false);
    }
    expect(isHostAllowed(undefined, loopbackOnly, 80)).toBe(false);
  });

  it("adds configured names, with any port or an exact one, and the machine's names on a wildcard bind", () => {
    const lan = allowedHosts({
      boundHost: "0.0.0.0",
      port: 3000,
      extra: ["rag.example.com", "10.1.2.3:8443", "fe80::1"],
      machineNames: ["192.168.1.20", "office-box"],
    });
    expect(isHostAllowed("rag.example.com", lan, 443)).toBe(true);
    expect(isHostAllowed("rag.example.com:8080", lan, 80)).toBe(true);
    expect(isHostAllowed("10.1.2.3:8443", lan, 80)).toBe(true);
    expect(isHostAllowed("10.1.2.3:3000", lan, 80)).toBe(false);
    expect(isHostAllowed("[fe80::1]:3000", lan, 80)).toBe(true);
    expect(isHostAllowed("192.168.1.20:3000", lan, 80)).toBe(true);
    expect(isHostAllowed("office-box:3000", lan, 80)).toBe(true);
    expect(isHostAllowed("0.0.0.0:3000", lan, 80)).toBe(false);
  });

  it("parses entries strictly", () => {
    expect(parseHostEntry("Rag.Example.com:443")).toEqual({ name: "rag.example.com", port: 443 });
    expect(parseHostEntry("[::1]:3000")).toEqual({ name: "[::1]", port: 3000 });
    for (const bad of ["http://x", "x/y", "x:99999", "[nothex]:1", "a b"]) expect(parseHostEntry(bad)).toBeUndefined();
  });
});

describe("same-origin check", () => {
  const host = "127.0.0.1:3000";

  it("accepts the page's own origin and Sec-Fetch-Site: same-origin", () => {
    expect(checkOrigin({ origin: "http://127.0.0.1:3000", host })).toEqual({ ok: true, browser: true });
    expect(checkOrigin({ origin: "https://127.0.0.1:3000", host })).toEqual({ ok: true, browser: true });
    expect(checkOrigin({ secFetchSite: "same-origin", host })).toEqual({ ok: true, browser: true });
  });

  it("refuses foreign, opaque and malformed origins, and cross-site fetch metadata", () => {
    for (const origin of [
      "http://evil.example",
      "http://127.0.0.1:3001",
      "null",
      "file://",
      "not a url",
      "http://localhost:3000",
    ]) {
      expect(checkOrigin({ origin, host }).ok).toBe(false);
    }
    for (const site of ["cross-site", "same-site", "none"])
      expect(checkOrigin({ secFetchSite: site, host }).ok).toBe(false);
    // Origin wins over a forged-looking Sec-Fetch-Site.
    expect(checkOrigin({ origin: "http://evil.example", secFetchSite: "same-origin", host }).ok).toBe(false);
  });

  it("marks requests without either header as not from a browser page", () => {
    expect(checkOrigin({ host })).toEqual({ ok: true, browser: false });
  });
});

describe("loopback addresses", () => {
  it("covers 127/8, ::1 and IPv4-mapped loopback, and localhost only when asked", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ["0.0.0.0", "192.168.1.2", "::", "::ffff:10.0.0.1", "128.0.0.1", undefined, "localhost"]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
    expect(isLoopbackAddress("localhost", { names: true })).toBe(true);
  });
});
