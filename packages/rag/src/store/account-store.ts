import { type ApiToken, ConflictError, type Role, roleSchema, type User } from "@audited-rag/core";
import type { Database } from "better-sqlite3";
import { prepared } from "./statement-cache";

interface UserRow {
  id: string;
  name: string;
  role: string;
  password_hash: string;
  created_at: string;
}

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  user_name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface NewUser {
  id: string;
  name: string;
  role: Role;
  passwordHash: string;
}

export interface NewApiToken {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  tokenHash: string;
}

/** A user together with the stored password hash, for sign-in only. */
export interface UserWithPassword extends User {
  passwordHash: string;
}

const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  role: roleSchema.parse(row.role),
  createdAt: row.created_at,
});

const toToken = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  userName: row.user_name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const tokenColumns = `t.id, t.name, t.prefix, u.name AS user_name, t.created_at, t.last_used_at, t.user_id
  FROM api_tokens t JOIN users u ON u.id = t.user_id`;

/**
 * Users, sessions and personal API tokens in the metadata store's SQLite file. Only hashes of
 * passwords, session ids and tokens are kept; hashing itself happens in the server.
 */
export class AccountStore {
  constructor(private readonly database: Database) {}

  countUsers(): number {
    return (this.database.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;
  }

  /** Adds a user; a name already taken (ignoring case) is a ConflictError. */
  createUser(user: NewUser): User {
    try {
      this.database
        .prepare("INSERT INTO users (id, name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(user.id, user.name, user.role, user.passwordHash, new Date().toISOString());
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") {
        throw new ConflictError(`A user named ${user.name} already exists.`, { cause: error });
      }
      throw error;
    }
    return this.requireUser(user.id);
  }

  /** Creates the first admin only while no account exists, atomically; undefined when one already did. */
  createFirstAdmin(user: Omit<NewUser, "role">): User | undefined {
    return this.database.transaction(() =>
      this.countUsers() === 0 ? this.createUser({ ...user, role: "admin" }) : undefined,
    )();
  }

  getUser(id: string): User | undefined {
    const row = this.database.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
    return row && toUser(row);
  }

  /** Case-insensitive, as names are unique regardless of case. */
  findUserByName(name: string): UserWithPassword | undefined {
    const row = this.database.prepare("SELECT * FROM users WHERE name = ?").get(name) as UserRow | undefined;
    return row && { ...toUser(row), passwordHash: row.password_hash };
  }

  listUsers(): User[] {
    return (this.database.prepare("SELECT * FROM users ORDER BY name").all() as UserRow[]).map(toUser);
  }

  setPasswordHash(id: string, passwordHash: string): void {
    this.database.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(passwordHash, id);
  }

  /** Removes a user with their sessions and tokens; refuses to remove the last admin. False when there was none. */
  deleteUser(id: string): boolean {
    return this.database.transaction(() => {
      const user = this.getUser(id);
      if (!user) return false;
      const admins = (
        this.database.prepare("SELECT count(*) AS n FROM users WHERE role = 'admin'").get() as { n: number }
      ).n;
      if (user.role === "admin" && admins <= 1) {
        throw new ConflictError("This is the only admin; add another admin before removing it.");
      }
      this.database.prepare("DELETE FROM users WHERE id = ?").run(id);
      return true;
    })();
  }

  createSession(session: { tokenHash: string; userId: string; expiresAt: Date }): void {
    this.database
      .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .run(session.tokenHash, session.userId, new Date().toISOString(), session.expiresAt.toISOString());
  }

  /** The user of an unexpired session. */
  findSessionUser(tokenHash: string, now: Date): User | undefined {
    const row = prepared(
      this.database,
      `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ?`,
    ).get(tokenHash, now.toISOString()) as UserRow | undefined;
    return row && toUser(row);
  }

  deleteSession(tokenHash: string): void {
    this.database.prepare("DELETE FROM sessions WHERE token_hash = ?").run(tokenHash);
  }

  /** Returns how many expired sessions were removed. */
  deleteExpiredSessions(now: Date): number {
    return this.database.prepare("DELETE FROM sessions WHERE expires_at <= ?").run(now.toISOString()).changes;
  }

  createToken(token: NewApiToken): ApiToken {
    this.database
      .prepare("INSERT INTO api_tokens (id, user_id, name, prefix, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(token.id, token.userId, token.name, token.prefix, token.tokenHash, new Date().toISOString());
    return this.requireToken(token.id);
  }

  /** The owner of a token and the token's id. */
  findTokenUser(tokenHash: string): { user: User; tokenId: string } | undefined {
    const row = prepared(
      this.database,
      "SELECT u.*, t.id AS token_id FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?",
    ).get(tokenHash) as (UserRow & { token_id: string }) | undefined;
    return row && { user: toUser(row), tokenId: row.token_id };
  }

  /** Records use at most once a minute, so scripts hammering the API do not write on every request. */
  touchToken(id: string, now: Date): void {
    const aMinuteAgo = new Date(now.getTime() - 60_000).toISOString();
    prepared(
      this.database,
      "UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
    ).run(now.toISOString(), id, aMinuteAgo);
  }

  getToken(id: string): (ApiToken & { userId: string }) | undefined {
    const row = this.database.prepare(`SELECT ${tokenColumns} WHERE t.id = ?`).get(id) as
      | (TokenRow & { user_id: string })
      | undefined;
    return row && { ...toToken(row), userId: row.user_id };
  }

  /** Every token, or one user's, newest first. */
  listTokens(userId?: string): ApiToken[] {
    const rows = (
      userId === undefined
        ? this.database.prepare(`SELECT ${tokenColumns} ORDER BY t.created_at DESC, t.rowid DESC`).all()
        : this.database
            .prepare(`SELECT ${tokenColumns} WHERE t.user_id = ? ORDER BY t.created_at DESC, t.rowid DESC`)
            .all(userId)
    ) as TokenRow[];
    return rows.map(toToken);
  }

  /** Revokes a token; false when there was none. */
  deleteToken(id: string): boolean {
    return this.database.prepare("DELETE FROM api_tokens WHERE id = ?").run(id).changes > 0;
  }

  private requireUser(id: string): User {
    const user = this.getUser(id);
    if (!user) throw new Error(`user ${id} vanished after insert`);
    return user;
  }

  private requireToken(id: string): ApiToken {
    const token = this.getToken(id);
    if (!token) throw new Error(`token ${id} vanished after insert`);
    const { userId: _userId, ...listed } = token;
    return listed;
  }
}
