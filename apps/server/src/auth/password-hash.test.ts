import { describe, expect, it } from "vitest";
import {
  defaultScryptParameters,
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from "./password-hash";

const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("records the scrypt parameters and a fresh salt with every hash", async () => {
    const first = await hashPassword("correct horse battery", cheap);
    const second = await hashPassword("correct horse battery", cheap);
    expect(first).toMatch(/^scrypt\$N=1024,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
  });

  it("verifies the right password and refuses a wrong one, at the default cost too", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored.startsWith(`scrypt$N=${defaultScryptParameters.N},r=8,p=1$`)).toBe(true);
    await expect(verifyPassword("correct horse battery", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse batterY", stored)).resolves.toBe(false);
    await expect(verifyPassword("", stored)).resolves.toBe(false);
  });

  it("treats canonically equal Unicode spellings as the same password", async () => {
    const stored = await hashPassword("caf\u00e9-password", cheap);
    await expect(verifyPassword("cafe\u0301-password", stored)).resolves.toBe(true);
  });

  it("never matches a malformed or tampered hash", async () => {
    const stored = await hashPassword("correct horse battery", cheap);
    const [name, params, salt, key] = stored.split("$") as [string, string, string, string];
    const flipped = `${key[0] === "A" ? "B" : "A"}${key.slice(1)}`;
    for (const bad of [
      "",
      "plain",
      `bcrypt$${params}$${salt}$${key}`,
      `${name}$N=1000,r=8,p=1$${salt}$${key}`, // N not a power of two
      `${name}$N=2097152,r=8,p=1$${salt}$${key}`, // cost beyond the cap
      `${name}$${params}$${salt}$${key.slice(4)}`,
      `${name}$${params}$${salt}$${flipped}`,
      `${stored}$extra`,
    ]) {
      await expect(verifyPassword("correct horse battery", bad)).resolves.toBe(false);
    }
  });

  it("asks for a new hash when the stored parameters are weaker than the current ones", async () => {
    expect(needsRehash(await hashPassword("x".repeat(12), cheap))).toBe(true);
    expect(needsRehash(await hashPassword("x".repeat(12)))).toBe(false);
    expect(needsRehash("garbage")).toBe(true);
  });

  it("spends real work for unknown names and always answers false", async () => {
    await expect(verifyAgainstDummy("anything at all")).resolves.toBe(false);
  });
});
