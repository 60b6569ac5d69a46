import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerSecret, createSessionId, createToken, hashSecret, tokenMarker, tokenPrefix } from "./api-token";

describe("API tokens", () => {
  it("are 256 random bits behind a recognisable marker, stored only as sha256", () => {
    const token = createToken();
    expect(token.secret).toMatch(/^rag_[\w-]{43}$/);
    expect(token.hash).toBe(createHash("sha256").update(token.secret).digest("hex"));
    expect(token.hash).not.toContain(token.secret.slice(tokenMarker.length));
    expect(token.prefix).toBe(`${token.secret.slice(0, 12)}…`);
    expect(token.secret.startsWith(token.prefix.slice(0, -1))).toBe(true);
  });

  it("never repeat", () => {
    const secrets = new Set(Array.from({ length: 200 }, () => createToken().secret));
    expect(secrets.size).toBe(200);
    expect(new Set(Array.from({ length: 200 }, createSessionId)).size).toBe(200);
  });

  it("show too little in listings to be used", () => {
    const { secret } = createToken();
    expect(tokenPrefix(secret).length).toBeLessThan(secret.length / 3);
    expect(hashSecret(tokenPrefix(secret))).not.toBe(hashSecret(secret));
  });

  it("are read from an Authorization: Bearer header only", () => {
    expect(bearerSecret("Bearer rag_abc")).toBe("rag_abc");
    expect(bearerSecret("bearer   rag_abc  ")).toBe("rag_abc");
    expect(bearerSecret(undefined)).toBeUndefined();
    expect(bearerSecret("Basic dXNlcjpwYXNz")).toBeUndefined();
    expect(bearerSecret("Bearer")).toBeUndefined();
    expect(bearerSecret("Bearer two parts")).toBeUndefined();
    expect(bearerSecret(`Bearer ${"x".repeat(600)}`)).toBeUndefined();
  });
});
