import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidCredentialsError } from "@audited-rag/core";
import { AccountStore, MetadataStore } from "@audited-rag/rag";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccountService, invalidCredentialsMessage } from "./account-service";
import { hashPassword } from "./password-hash";

describe("AccountService", () => {
  let dataDir: string;
  let store: MetadataStore;
  let accounts: AccountStore;
  let clock: Date;
  let service: AccountService;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "account-service-"));
    store = MetadataStore.open(dataDir);
    accounts = new AccountStore(store.database);
    clock = new Date("2030-01-01T00:00:00Z");
    service = new AccountService(accounts, { sessionMs: 3_600_000, now: () => clock });
  });
  afterEach(() => {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("signs in with the right password only, with one message for every refusal", async () => {
    await service.createUser({ name: "alice", password: "alice-password-long", role: "admin" });
    await expect(service.verifyCredentials("Alice", "alice-password-long")).resolves.toMatchObject({ name: "alice" });
    for (const [name, password] of [
      ["alice", "wrong-password"],
      ["nobody", "alice-password-long"],
    ] as const) {
      const error = await service.verifyCredentials(name, password).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidCredentialsError);
      expect((error as Error).message).toBe(invalidCredentialsMessage);
    }
  });

  it("upgrades a hash made with weaker parameters at the next sign-in", async () => {
    const weak = await hashPassword("bob-password-long", { N: 2 ** 10, r: 8, p: 1 });
    accounts.createUser({ id: "bob", name: "bob", role: "member", passwordHash: weak });
    await service.verifyCredentials("bob", "bob-password-long");
    const upgraded = accounts.findUserByName("bob")?.passwordHash ?? "";
    expect(upgraded).not.toBe(weak);
    expect(upgraded).toMatch(/^scrypt\$N=32768,/);
    await expect(service.verifyCredentials("bob", "bob-password-long")).resolves.toMatchObject({ name: "bob" });
  });

  it("ends sessions at expiry and at sign-out, storing only their hash", async () => {
    const user = await service.createUser({ name: "carol", password: "carol-password-long", role: "member" });
    const { sessionId, expiresAt } = service.startSession(user);
    expect(expiresAt.getTime() - clock.getTime()).toBe(3_600_000);
    expect(JSON.stringify(store.database.prepare("SELECT * FROM sessions").all())).not.toContain(sessionId);
    expect(service.userForSession(sessionId)).toMatchObject({ name: "carol", via: "session" });
    clock = new Date(clock.getTime() + 3_600_000);
    expect(service.userForSession(sessionId)).toBeUndefined();
    const second = service.startSession(user); // also sweeps the expired one
    expect(store.database.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 1 });
    service.endSession(second.sessionId);
    expect(service.userForSession(second.sessionId)).toBeUndefined();
  });

  it("authenticates tokens, writes their use at most once a minute, and revokes them for owner or admin only", async () => {
    const admin = await service.createUser({ name: "root", password: "root-password-long", role: "admin" });
    const member = await service.createUser({ name: "dave", password: "dave-password-long", role: "member" });
    const { token, secret } = service.createToken(member, "laptop");
    const other = service.createToken(admin, "backup");
    expect(service.userForToken(secret)).toMatchObject({ name: "dave", role: "member", via: "token" });
    expect(service.userForToken(`${secret}x`)).toBeUndefined();
    const firstUse = accounts.getToken(token.id)?.lastUsedAt;
    expect(firstUse).toBe(clock.toISOString());
    clock = new Date(clock.getTime() + 30_000);
    service.userForToken(secret);
    expect(accounts.getToken(token.id)?.lastUsedAt).toBe(firstUse);
    clock = new Date(clock.getTime() + 31_000);
    service.userForToken(secret);
    expect(accounts.getToken(token.id)?.lastUsedAt).toBe(clock.toISOString());

    expect(service.listTokens(member).map((listed) => listed.id)).toEqual([token.id]);
    expect(service.listTokens(admin)).toHaveLength(2);
    expect(() => service.revokeToken(member, other.token.id)).toThrow(/No token/);
    service.revokeToken(admin, token.id);
    expect(service.userForToken(secret)).toBeUndefined();
  });

  it("creates the first admin only once", async () => {
    await expect(service.createFirstAdmin({ name: "first", password: "first-password-long" })).resolves.toMatchObject({
      role: "admin",
    });
    await expect(
      service.createFirstAdmin({ name: "second", password: "second-password-long" }),
    ).resolves.toBeUndefined();
    expect(service.countUsers()).toBe(1);
  });
});
