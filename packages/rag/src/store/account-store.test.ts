import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConflictError } from "@audited-rag/core";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccountStore } from "./account-store";
import { sha256Hex } from "./chunk-record";
import { MetadataStore } from "./metadata-store";

describe("AccountStore", () => {
  let dataDir: string;
  let store: MetadataStore;
  let accounts: AccountStore;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "rag-accounts-"));
    store = MetadataStore.open(dataDir);
    accounts = new AccountStore(store.database);
  });
  afterEach(() => {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const user = (name: string, role: "admin" | "member" = "member") =>
    accounts.createUser({ id: `id-${name}`, name, role, passwordHash: `hash-of-${name}` });

  it("keeps names unique regardless of case and finds them the same way", () => {
    user("Alice", "admin");
    expect(() => user("alice")).toThrow(ConflictError);
    expect(accounts.findUserByName("ALICE")).toMatchObject({
      name: "Alice",
      role: "admin",
      passwordHash: "hash-of-Alice",
    });
    expect(accounts.countUsers()).toBe(1);
  });

  it("creates the first admin only while no account exists", () => {
    expect(accounts.createFirstAdmin({ id: "a", name: "first", passwordHash: "h" })).toMatchObject({ role: "admin" });
    expect(accounts.createFirstAdmin({ id: "b", name: "second", passwordHash: "h" })).toBeUndefined();
    expect(accounts.listUsers().map((listed) => listed.name)).toEqual(["first"]);
  });

  it("never removes the last admin, and removing a user removes their sessions and tokens", () => {
    const admin = user("root", "admin");
    const member = user("mia");
    expect(() => accounts.deleteUser(admin.id)).toThrow(/only admin/);
    accounts.createSession({ tokenHash: "s1", userId: member.id, expiresAt: new Date(Date.now() + 60_000) });
    accounts.createToken({ id: "t1", userId: member.id, name: "n", prefix: "rag_x…", tokenHash: "th1" });
    expect(accounts.findSessionUser("s1", new Date())?.name).toBe("mia");
    expect(accounts.findTokenUser("th1")?.user.name).toBe("mia");
    expect(accounts.deleteUser(member.id)).toBe(true);
    expect(accounts.findSessionUser("s1", new Date())).toBeUndefined();
    expect(accounts.findTokenUser("th1")).toBeUndefined();
    expect(accounts.deleteUser(member.id)).toBe(false);
    user("second-admin", "admin");
    expect(accounts.deleteUser(admin.id)).toBe(true);
  });

  it("expires sessions and sweeps the expired ones", () => {
    const member = user("mia");
    const now = new Date("2030-01-01T00:00:00Z");
    accounts.createSession({ tokenHash: "old", userId: member.id, expiresAt: new Date(now.getTime() - 1) });
    accounts.createSession({ tokenHash: "new", userId: member.id, expiresAt: new Date(now.getTime() + 1000) });
    expect(accounts.findSessionUser("old", now)).toBeUndefined();
    expect(accounts.findSessionUser("new", now)?.id).toBe(member.id);
    expect(accounts.deleteExpiredSessions(now)).toBe(1);
    accounts.deleteSession("new");
    expect(accounts.findSessionUser("new", now)).toBeUndefined();
  });

  it("lists tokens by owner without their hashes, records use at most once a minute, and revokes", () => {
    const admin = user("root", "admin");
    const member = user("mia");
    accounts.createToken({ id: "t-admin", userId: admin.id, name: "backup", prefix: "rag_a…", tokenHash: "ha" });
    const created = accounts.createToken({
      id: "t-mia",
      userId: member.id,
      name: "notebook",
      prefix: "rag_m…",
      tokenHash: "hm",
    });
    expect(created).toEqual({
      id: "t-mia",
      name: "notebook",
      prefix: "rag_m…",
      userName: "mia",
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(
      accounts
        .listTokens()
        .map((token) => token.id)
        .sort(),
    ).toEqual(["t-admin", "t-mia"]);
    expect(accounts.listTokens(member.id).map((token) => token.id)).toEqual(["t-mia"]);
    expect(JSON.stringify(accounts.listTokens())).not.toContain('"hm"');

    const first = new Date("2030-01-01T00:00:00Z");
    accounts.touchToken("t-mia", first);
    accounts.touchToken("t-mia", new Date(first.getTime() + 30_000));
    expect(accounts.getToken("t-mia")?.lastUsedAt).toBe(first.toISOString());
    const later = new Date(first.getTime() + 61_000);
    accounts.touchToken("t-mia", later);
    expect(accounts.getToken("t-mia")?.lastUsedAt).toBe(later.toISOString());

    expect(accounts.deleteToken("t-mia")).toBe(true);
    expect(accounts.deleteToken("t-mia")).toBe(false);
    expect(accounts.findTokenUser("hm")).toBeUndefined();
  });
});

describe("document provenance", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "rag-provenance-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("records who uploaded a document and logs who deleted it, surviving the uploader's removal", () => {
    const store = MetadataStore.open(dataDir);
    try {
      const document = store.createDocument({
        id: "d1",
        filename: "a.pdf",
        sha256: sha256Hex("a"),
        bytes: 1,
        pages: 1,
        uploadedBy: "alice",
      });
      expect(document.uploadedBy).toBe("alice");
      store.createDocument({ id: "d2", filename: "b.pdf", sha256: sha256Hex("b"), bytes: 1, pages: 1 });
      expect(store.getDocument("d2")?.uploadedBy).toBeUndefined();
      expect(store.deleteDocument("d1", { deletedBy: "bob" })).toBe(true);
      // Replacing a failed upload is housekeeping, not a user's deletion: no log entry.
      expect(store.deleteDocument("d2")).toBe(true);
      expect(store.deleteDocument("d2", { deletedBy: "bob" })).toBe(false);
      expect(store.listDeletions()).toEqual([
        {
          documentId: "d1",
          filename: "a.pdf",
          sha256: sha256Hex("a"),
          uploadedBy: "alice",
          deletedBy: "bob",
          deletedAt: expect.any(String),
        },
      ]);
    } finally {
      store.close();
    }
  });

  it("upgrades a database made before accounts without losing its documents", () => {
    // A version-1 file: the first shipped schema step only.
    const database = new BetterSqlite3(join(dataDir, "rag.sqlite"));
    database.exec(`CREATE TABLE documents (id TEXT PRIMARY KEY, filename TEXT NOT NULL, sha256 TEXT NOT NULL, bytes INTEGER NOT NULL,
      pages INTEGER NOT NULL, chunks INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL, progress TEXT, warnings TEXT, error TEXT,
      created_at TEXT NOT NULL);
      CREATE TABLE pages (document_id TEXT, page_number INTEGER, text TEXT);
      CREATE TABLE chunks (id TEXT PRIMARY KEY, document_id TEXT, ordinal INTEGER, page INTEGER, start_offset INTEGER,
      end_offset INTEGER, text TEXT, sha256 TEXT);
      CREATE TABLE answers (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, body TEXT NOT NULL);
      INSERT INTO documents (id, filename, sha256, bytes, pages, status, created_at)
      VALUES ('old', 'old.pdf', '${sha256Hex("old")}', 1, 1, 'ready', '2025-01-01T00:00:00.000Z');
      PRAGMA user_version = 1;`);
    database.close();
    const store = MetadataStore.open(dataDir);
    try {
      expect(store.getDocument("old")).toMatchObject({ filename: "old.pdf", status: "ready" });
      expect(store.getDocument("old")?.uploadedBy).toBeUndefined();
      expect(new AccountStore(store.database).countUsers()).toBe(0);
    } finally {
      store.close();
    }
  });
});
