import { randomUUID } from "node:crypto";
import { type ApiToken, InvalidCredentialsError, NotFoundError, type Role, type User } from "@audited-rag/core";
import type { AccountStore } from "@audited-rag/rag";
import { createSessionId, createToken, hashSecret } from "./api-token";
import { HashGate } from "./hash-gate";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password-hash";

/** Who a request acts for, and how it proved it. */
export interface AuthenticatedUser extends User {
  via: "session" | "token";
}

export interface AccountServiceOptions {
  sessionMs: number;
  now?: () => Date;
}

/** One message for an unknown name and a wrong password, so sign-in never tells which names exist. */
export const invalidCredentialsMessage = "The user name or password is not right.";

/** Sign-in, sessions, users and API tokens over the account store; hashing happens here, storage there. */
export class AccountService {
  private readonly now: () => Date;
  private readonly gate = new HashGate();
  /** When each token's use was last written, so a busy token is written at most once a minute. */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly store: AccountStore,
    private readonly options: AccountServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  countUsers(): number {
    return this.store.countUsers();
  }

  listUsers(): User[] {
    return this.store.listUsers();
  }

  async createUser(input: { name: string; password: string; role: Role }): Promise<User> {
    const passwordHash = await hashPassword(input.password);
    return this.store.createUser({ id: randomUUID(), name: input.name, role: input.role, passwordHash });
  }

  /** The first admin, only while no account exists; undefined when setup is already done. */
  async createFirstAdmin(input: { name: string; password: string }): Promise<User | undefined> {
    if (this.store.countUsers() > 0) return undefined;
    const passwordHash = await hashPassword(input.password);
    return this.store.createFirstAdmin({ id: randomUUID(), name: input.name, passwordHash });
  }

  async setPassword(userId: string, password: string): Promise<void> {
    this.store.setPasswordHash(userId, await hashPassword(password));
  }

  deleteUser(id: string): void {
    if (!this.store.deleteUser(id)) throw new NotFoundError(`No user with id ${id}`);
  }

  /** Checks the password; on success the hash is upgraded when the parameters were raised since. */
  verifyCredentials(name: string, password: string): Promise<User> {
    return this.gate.run(() => this.check(name, password));
  }

  private async check(name: string, password: string): Promise<User> {
    const found = this.store.findUserByName(name);
    if (!found) {
      await verifyAgainstDummy(password);
      throw new InvalidCredentialsError(invalidCredentialsMessage);
    }
    if (!(await verifyPassword(password, found.passwordHash)))
      throw new InvalidCredentialsError(invalidCredentialsMessage);
    if (needsRehash(found.passwordHash)) this.store.setPasswordHash(found.id, await hashPassword(password));
    const { passwordHash: _hash, ...user } = found;
    return user;
  }

  /** Starts a session and returns its id for the cookie; only its hash is stored. */
  startSession(user: User): { sessionId: string; expiresAt: Date } {
    const now = this.now();
    this.store.deleteExpiredSessions(now);
    const sessionId = createSessionId();
    const expiresAt = new Date(now.getTime() + this.options.sessionMs);
    this.store.createSession({ tokenHash: hashSecret(sessionId), userId: user.id, expiresAt });
    return { sessionId, expiresAt };
  }

  endSession(sessionId: string): void {
    this.store.deleteSession(hashSecret(sessionId));
  }

  userForSession(sessionId: string): AuthenticatedUser | undefined {
    const user = this.store.findSessionUser(hashSecret(sessionId), this.now());
    return user && { ...user, via: "session" };
  }

  userForToken(secret: string): AuthenticatedUser | undefined {
    const found = this.store.findTokenUser(hashSecret(secret));
    if (!found) return undefined;
    // "Last used" is kept to the minute; skipping the write here keeps busy scripts off the write lock.
    const now = this.now();
    const last = this.touched.get(found.tokenId);
    if (last === undefined || now.getTime() - last >= 60_000) {
      this.store.touchToken(found.tokenId, now);
      this.touched.set(found.tokenId, now.getTime());
    }
    return { ...found.user, via: "token" };
  }

  /** A new token for `owner`; the secret is returned here once and never again. */
  createToken(owner: User, name: string): { token: ApiToken; secret: string } {
    const created = createToken();
    const token = this.store.createToken({
      id: randomUUID(),
      userId: owner.id,
      name,
      prefix: created.prefix,
      tokenHash: created.hash,
    });
    return { token, secret: created.secret };
  }

  /** An admin sees every token; anyone else their own. */
  listTokens(viewer: User): ApiToken[] {
    return this.store.listTokens(viewer.role === "admin" ? undefined : viewer.id);
  }

  /** Revokes a token of the viewer's own, or any token for an admin. */
  revokeToken(viewer: User, id: string): void {
    const token = this.store.getToken(id);
    if (!token) throw new NotFoundError(`No token with id ${id}`);
    // Another user's token is "not found" for a member, so ids of other people's tokens cannot be probed.
    if (token.userId !== viewer.id && viewer.role !== "admin") throw new NotFoundError(`No token with id ${id}`);
    this.store.deleteToken(id);
    this.touched.delete(id);
  }
}
