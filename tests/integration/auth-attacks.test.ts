// The attack suite for accounts, CSRF and Host checks: the real app listening on loopback, real HTTP
// requests with hand-set headers, bounded loops. Each test names the attack it shows refused.
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { type RawResponse, rawRequest } from "../support/raw-http";
import { startTestApp, type TestApp } from "../support/test-app";

const adminPassword = "admin-password-long";
const memberPassword = "member-password-long";
const evil = "http://evil.example";

/** Cookie header value from a response's Set-Cookie. */
function sessionCookie(response: RawResponse): string {
  const setCookie = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
  const session = setCookie.find((line) => line.startsWith("rag_session="));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(response.headers)}`);
  return session.split(";")[0] ?? "";
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  return `http://127.0.0.1:${address.port}`;
}

describe("accounts, CSRF and Host checks (login on, real HTTP on loopback)", () => {
  let test: TestApp;
  let base: string;
  let origin: string;
  let pdf: Uint8Array;
  let adminCookie: string;
  let memberCookie: string;
  let adminToken: string;
  let memberToken: string;
  let memberTokenId: string;

  const send = (options: Parameters<typeof rawRequest>[1]) => rawRequest(base, options);
  const json = (method: string, route: string, body: unknown, headers: Record<string, string> = {}) =>
    send({
      method,
      path: route,
      headers: { "content-type": "application/json", origin, ...headers },
      body: JSON.stringify(body),
    });
  const upload = (headers: Record<string, string>, bytes: Uint8Array = pdf, filename = "policy.pdf") => {
    const { payload, headers: multipart } = multipartFile(bytes, filename);
    return send({
      method: "POST",
      path: "/api/documents?wait=true",
      headers: { ...multipart, ...headers },
      body: payload,
    });
  };
  const storedOriginals = async () => readdir(path.join(test.dataDir, "originals"));
  const documentCount = () =>
    (test.app.services.store.database.prepare("SELECT count(*) AS n FROM documents").get() as { n: number }).n;

  beforeAll(async () => {
    // Login on, as by default; the listening port is only known after listen, which the Host check follows.
    test = await startTestApp({ RAG_AUTH: "on", RAG_ALLOWED_HOSTS: "" });
    base = await listen(test.app);
    origin = base;
    pdf = await makeTextPdf([["Cancellation policy. Customers can cancel within thirty days of purchase."]]);
  });
  afterAll(async () => test?.close());

  it("before any account exists: the setup page is announced and every data route is closed", async () => {
    const state = await send({ path: "/api/auth/session" });
    expect(state.json()).toEqual({ auth: "on", setupRequired: true, setupAllowed: true, user: null });
    expect((await send({ path: "/api/documents" })).status).toBe(401);
    expect((await send({ path: "/api/health" })).status).toBe(200);
  });

  it("refuses the setup page from a non-loopback address and through a proxy", async () => {
    const body = { name: "mallory", password: "mallory-password" };
    const remote = await test.app.inject({
      method: "POST",
      url: "/api/auth/setup",
      remoteAddress: "192.168.1.50",
      headers: { host: new URL(base).host, origin },
      payload: body,
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error.code).toBe("SETUP_UNAVAILABLE");
    const relayed = await json("POST", "/api/auth/setup", body, { "x-forwarded-for": "203.0.113.9" });
    expect(relayed.status).toBe(403);
    const remoteState = await test.app.inject({
      url: "/api/auth/session",
      remoteAddress: "192.168.1.50",
      headers: { host: new URL(base).host },
    });
    expect(remoteState.json()).toMatchObject({ setupRequired: true, setupAllowed: false });
    expect(test.app.accounts.countUsers()).toBe(0);
  });

  it("creates the first admin once from loopback, with a session cookie that is HttpOnly and SameSite=Strict", async () => {
    const tooShort = await json("POST", "/api/auth/setup", { name: "admin", password: "short" });
    expect(tooShort.status).toBe(400);
    const created = await json("POST", "/api/auth/setup", { name: "admin", password: adminPassword });
    expect(created.status).toBe(201);
    expect(created.json().user).toMatchObject({ name: "admin", role: "admin" });
    const setCookie = String(([] as string[]).concat(created.headers["set-cookie"] ?? [])[0]);
    expect(setCookie).toMatch(/^rag_session=[\w-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Max-Age=\d+/);
    // Plain HTTP here, so not Secure (a browser would drop a Secure cookie on http://).
    expect(setCookie).not.toMatch(/Secure/);
    adminCookie = sessionCookie(created);

    const again = await json("POST", "/api/auth/setup", { name: "second", password: adminPassword });
    expect(again.status).toBe(403);
    expect(again.json().error.code).toBe("SETUP_UNAVAILABLE");
    const state = await send({ path: "/api/auth/session", headers: { cookie: adminCookie } });
    expect(state.json()).toMatchObject({ setupRequired: false, setupAllowed: false, user: { name: "admin" } });
  });

  it("refuses a wrong password and an unknown name with the same generic message", async () => {
    const wrong = await json("POST", "/api/auth/login", { name: "admin", password: "not-the-password" });
    const unknown = await json("POST", "/api/auth/login", { name: "nobody", password: "not-the-password" });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.json()).toEqual({
        error: { code: "INVALID_CREDENTIALS", message: "The user name or password is not right." },
      });
    }
    const right = await json("POST", "/api/auth/login", { name: "ADMIN", password: adminPassword });
    expect(right.status).toBe(200);
    expect(right.json().user.name).toBe("admin");
  });

  it("lets the admin add a member and both create personal API tokens, listed by prefix only", async () => {
    const member = await json(
      "POST",
      "/api/users",
      { name: "mia", password: memberPassword, role: "member" },
      { cookie: adminCookie },
    );
    expect(member.status).toBe(201);
    const duplicate = await json(
      "POST",
      "/api/users",
      { name: "MIA", password: memberPassword, role: "member" },
      { cookie: adminCookie },
    );
    expect(duplicate.status).toBe(409);
    const login = await json("POST", "/api/auth/login", { name: "mia", password: memberPassword });
    memberCookie = sessionCookie(login);

    const adminCreated = await json("POST", "/api/tokens", { name: "backup script" }, { cookie: adminCookie });
    expect(adminCreated.status).toBe(201);
    adminToken = adminCreated.json().secret;
    const memberCreated = await json("POST", "/api/tokens", { name: "notebook" }, { cookie: memberCookie });
    memberToken = memberCreated.json().secret;
    memberTokenId = memberCreated.json().token.id;
    expect(adminToken).toMatch(/^rag_/);

    const adminList = await send({ path: "/api/tokens", headers: { cookie: adminCookie } });
    expect(
      adminList
        .json()
        .tokens.map((token: { userName: string }) => token.userName)
        .sort(),
    ).toEqual(["admin", "mia"]);
    expect(adminList.text).not.toContain(adminToken);
    expect(adminList.text).not.toContain(memberToken);
    const memberList = await send({ path: "/api/tokens", headers: { cookie: memberCookie } });
    expect(memberList.json().tokens).toEqual([
      expect.objectContaining({ name: "notebook", prefix: `${memberToken.slice(0, 12)}…`, userName: "mia" }),
    ]);
    // At rest only hashes: the secret appears nowhere in the database.
    const rows = JSON.stringify(test.app.services.store.database.prepare("SELECT * FROM api_tokens").all());
    expect(rows).not.toContain(adminToken.slice(4));
    const sessions = JSON.stringify(test.app.services.store.database.prepare("SELECT * FROM sessions").all());
    expect(sessions).not.toContain(adminCookie.split("=")[1]);
  });

  it("gives no access to any /api route without a session or token (health and sign-in aside)", async () => {
    const closed: [string, string][] = [
      ["GET", "/api/documents"],
      ["GET", "/api/documents/abc"],
      ["GET", "/api/documents/abc/file"],
      ["DELETE", "/api/documents/abc"],
      ["POST", "/api/documents"],
      ["POST", "/api/ask"],
      ["GET", "/api/answers/abc"],
      ["GET", "/api/config"],
      ["GET", "/api/deletions"],
      ["GET", "/api/users"],
      ["POST", "/api/users"],
      ["DELETE", "/api/users/abc"],
      ["GET", "/api/tokens"],
      ["POST", "/api/tokens"],
      ["DELETE", "/api/tokens/abc"],
      ["GET", "/api/no-such-route"],
    ];
    for (const [method, route] of closed) {
      // Same-origin browser headers, so only the missing credentials stop it.
      const response = await send({
        method,
        path: route,
        headers: { origin, "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect([method, route, response.status]).toEqual([method, route, 401]);
      expect(response.json().error.code).toBe("AUTH_REQUIRED");
      const forged = await send({
        method,
        path: route,
        headers: { origin, cookie: "rag_session=forged-session-id" },
        body: method === "GET" ? undefined : "{}",
      });
      expect([method, route, forged.status]).toEqual([method, route, 401]);
    }
    // The router decodes escapes and ignores a trailing slash: none of these spellings slips past the check.
    for (const spelling of [
      "/%61pi/documents",
      "/api/%64ocuments",
      "/api/documents/",
      "/%61%70%69/users",
      "/api/documents?x=/",
    ]) {
      const response = await send({ path: spelling });
      expect([spelling, response.status]).not.toEqual([spelling, 200]);
      expect(response.text).not.toContain('"documents"');
      expect(response.text).not.toContain('"users"');
    }
    for (const route of ["/api/health", "/api/auth/session"]) {
      expect((await send({ path: route })).status).toBe(200);
    }
    // The web app itself loads without a session (it shows the sign-in page); 503 only when not built.
    expect([200, 503]).toContain((await send({ path: "/" })).status);
  });

  it("refuses a cross-origin upload: foreign Origin, cross-site fetch metadata, or no Origin and no token", async () => {
    const before = await storedOriginals();
    const attempts: Record<string, string>[] = [
      { origin: evil },
      { origin: evil, cookie: adminCookie }, // even if the browser sent the cookie
      { origin: "null", cookie: adminCookie }, // sandboxed iframe / file:// page
      { "sec-fetch-site": "cross-site", cookie: adminCookie },
      { cookie: adminCookie }, // no Origin at all and only a cookie
      {},
    ];
    for (const headers of attempts) {
      const response = await upload(headers);
      expect([headers, response.status]).toEqual([headers, 403]);
      expect(response.json().error.code).toBe("CROSS_ORIGIN_REFUSED");
    }
    expect(documentCount()).toBe(0);
    expect(await storedOriginals()).toEqual(before);
    expect(await readdir(path.join(test.dataDir, "tmp")).catch(() => [])).toEqual([]);
    // Same for the other state-changing routes.
    const ask = await json(
      "POST",
      "/api/ask",
      { question: "What is the refund window?" },
      { origin: evil, cookie: adminCookie },
    );
    expect(ask.status).toBe(403);
    const logout = await send({
      method: "POST",
      path: "/api/auth/logout",
      headers: { origin: evil, cookie: adminCookie },
    });
    expect(logout.status).toBe(403);
    // Login CSRF: another site cannot sign the browser in to an account of its choosing.
    const login = await json("POST", "/api/auth/login", { name: "admin", password: adminPassword }, { origin: evil });
    expect(login.status).toBe(403);
    expect(login.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a foreign Host (DNS rebinding) on every path with 421 and the error contract", async () => {
    for (const host of ["evil.example", `evil.example:${new URL(base).port}`, "127.0.0.1:1", "localhost"]) {
      for (const [method, route] of [
        ["GET", "/"],
        ["GET", "/api/health"],
        ["GET", "/api/documents"],
        ["POST", "/api/auth/login"],
      ] as const) {
        const response = await send({
          method,
          path: route,
          headers: { host, cookie: adminCookie, origin: `http://${host}` },
          body: method === "POST" ? "{}" : undefined,
        });
        expect([host, route, response.status]).toEqual([host, route, 421]);
        expect(response.json().error.code).toBe("HOST_NOT_ALLOWED");
        expect(response.json().error.message).toMatch(/RAG_ALLOWED_HOSTS/);
      }
    }
    for (const host of [`localhost:${new URL(base).port}`, `[::1]:${new URL(base).port}`]) {
      expect((await send({ path: "/api/health", headers: { host } })).status).toBe(200);
    }
  });

  it("accepts curl-style requests with a token: upload without Origin, recorded as uploaded by its owner", async () => {
    const bearer = { authorization: `Bearer ${adminToken}` };
    const uploaded = await upload(bearer);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json().document).toMatchObject({ status: "ready", uploadedBy: "admin" });
    const listed = await send({ path: "/api/documents", headers: { authorization: `Bearer ${memberToken}` } });
    expect(listed.json().documents).toEqual([expect.objectContaining({ filename: "policy.pdf", uploadedBy: "admin" })]);
    const asked = await json(
      "POST",
      "/api/ask",
      { question: "How long can customers cancel?" },
      { authorization: `Bearer ${memberToken}`, origin: "" },
    );
    expect(asked.status).toBe(403); // an empty Origin is not an origin
    const curl = await send({
      method: "POST",
      path: "/api/ask",
      headers: { "content-type": "application/json", authorization: `Bearer ${memberToken}` },
      body: JSON.stringify({ question: "How long can customers cancel?" }),
    });
    expect(curl.status).toBe(200);
    expect(JSON.stringify(curl.json().parts)).toContain("thirty days");
  });

  it("lets a member ask and read but not upload, delete or manage accounts", async () => {
    const documents = (await send({ path: "/api/documents", headers: { cookie: memberCookie } })).json().documents;
    const id = documents[0].id as string;
    const file = await send({ path: `/api/documents/${id}/file`, headers: { cookie: memberCookie } });
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    const asMember: Record<string, string>[] = [
      { cookie: memberCookie, origin },
      { authorization: `Bearer ${memberToken}` },
    ];
    for (const credentials of asMember) {
      const uploaded = await upload(credentials, await makeTextPdf([["Another document entirely."]]), "other.pdf");
      expect(uploaded.status).toBe(403);
      expect(uploaded.json().error.code).toBe("FORBIDDEN");
      const deleted = await send({ method: "DELETE", path: `/api/documents/${id}`, headers: credentials });
      expect(deleted.status).toBe(403);
      expect(
        (await json("POST", "/api/users", { name: "eve", password: memberPassword, role: "admin" }, credentials))
          .status,
      ).toBe(403);
      expect((await send({ path: "/api/users", headers: credentials })).status).toBe(403);
    }
    expect(documentCount()).toBe(1);
    const config = await send({ path: "/api/config", headers: { cookie: memberCookie } });
    expect(config.status).toBe(200);
  });

  it("records who deleted a document in the deletion log", async () => {
    const [document] = (await send({ path: "/api/documents", headers: { cookie: adminCookie } })).json().documents;
    const deleted = await send({
      method: "DELETE",
      path: `/api/documents/${document.id}`,
      headers: { cookie: adminCookie, origin },
    });
    expect(deleted.status).toBe(204);
    const log = await send({ path: "/api/deletions", headers: { cookie: memberCookie } });
    expect(log.json().deletions).toEqual([
      expect.objectContaining({
        documentId: document.id,
        filename: "policy.pdf",
        uploadedBy: "admin",
        deletedBy: "admin",
      }),
    ]);
  });

  it("refuses a revoked token, and a member cannot revoke someone else's", async () => {
    const adminTokens = (await send({ path: "/api/tokens", headers: { cookie: adminCookie } })).json().tokens;
    const adminTokenId = adminTokens.find((token: { userName: string }) => token.userName === "admin").id;
    const foreign = await send({
      method: "DELETE",
      path: `/api/tokens/${adminTokenId}`,
      headers: { cookie: memberCookie, origin },
    });
    expect(foreign.status).toBe(404);
    const revoked = await send({
      method: "DELETE",
      path: `/api/tokens/${memberTokenId}`,
      headers: { cookie: memberCookie, origin },
    });
    expect(revoked.status).toBe(204);
    const refused = await send({ path: "/api/documents", headers: { authorization: `Bearer ${memberToken}` } });
    expect(refused.status).toBe(401);
    expect(refused.json().error.message).toMatch(/revoked or mistyped/);
    expect((await send({ path: "/api/documents", headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(
      200,
    );
  });

  it("ends a session at logout and at expiry", async () => {
    const login = await json("POST", "/api/auth/login", { name: "mia", password: memberPassword });
    const cookie = sessionCookie(login);
    expect((await send({ path: "/api/documents", headers: { cookie } })).status).toBe(200);
    const out = await send({ method: "POST", path: "/api/auth/logout", headers: { cookie, origin } });
    expect(out.status).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/rag_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await send({ path: "/api/documents", headers: { cookie } })).status).toBe(401);

    const second = sessionCookie(await json("POST", "/api/auth/login", { name: "mia", password: memberPassword }));
    test.app.services.store.database
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE name = 'mia')")
      .run(new Date(Date.now() - 1000).toISOString());
    expect((await send({ path: "/api/documents", headers: { cookie: second } })).status).toBe(401);
    memberCookie = sessionCookie(await json("POST", "/api/auth/login", { name: "mia", password: memberPassword }));
  });

  it("removes a user with their sessions, but never the last admin", async () => {
    const users = (await send({ path: "/api/users", headers: { cookie: adminCookie } })).json().users;
    const admin = users.find((user: { name: string }) => user.name === "admin");
    const mia = users.find((user: { name: string }) => user.name === "mia");
    const last = await send({
      method: "DELETE",
      path: `/api/users/${admin.id}`,
      headers: { cookie: adminCookie, origin },
    });
    expect(last.status).toBe(409);
    expect(
      (await send({ method: "DELETE", path: `/api/users/${mia.id}`, headers: { cookie: adminCookie, origin } })).status,
    ).toBe(204);
    expect((await send({ path: "/api/documents", headers: { cookie: memberCookie } })).status).toBe(401);
  });
});

describe("Secure cookies behind a TLS proxy", () => {
  it("sets Secure when X-Forwarded-Proto is https from a trusted proxy, and ignores it from anyone else", async () => {
    for (const [trust, secure] of [
      ["127.0.0.1", true],
      ["false", false],
    ] as const) {
      const test = await startTestApp({ RAG_AUTH: "on", RAG_TRUST_PROXY: trust, RAG_ALLOWED_HOSTS: "rag.example.com" });
      try {
        await test.app.accounts.createUser({ name: "admin", password: adminPassword, role: "admin" });
        const response = await test.app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { host: "rag.example.com", origin: "https://rag.example.com", "x-forwarded-proto": "https" },
          payload: { name: "admin", password: adminPassword },
        });
        expect(response.statusCode).toBe(200);
        expect(String(response.headers["set-cookie"]).includes("; Secure")).toBe(secure);
      } finally {
        await test.close();
      }
    }
  });
});

describe("login off on loopback", () => {
  it("keeps scripts working without a token but still refuses a cross-origin upload", async () => {
    const test = await startTestApp({ RAG_AUTH: "off" });
    try {
      const { payload, headers } = multipartFile(await makeTextPdf([["Plain text page for the check."]]));
      const foreign = await test.app.inject({
        method: "POST",
        url: "/api/documents?wait=true",
        payload,
        headers: { ...headers, origin: evil },
      });
      expect(foreign.statusCode).toBe(403);
      expect((await test.app.inject({ url: "/api/documents" })).json().documents).toEqual([]);
      const script = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
      expect(script.statusCode).toBe(201);
      expect(script.json().document.uploadedBy).toBeUndefined();
      const session = await test.app.inject({ url: "/api/auth/session" });
      expect(session.json()).toEqual({ auth: "off", setupRequired: false, setupAllowed: false, user: null });
      expect((await test.app.inject({ method: "POST", url: "/api/auth/login", payload: {} })).statusCode).toBe(404);
      const foreignHost = await test.app.inject({ url: "/api/documents", headers: { host: "evil.example" } });
      expect(foreignHost.statusCode).toBe(421);
    } finally {
      await test.close();
    }
  });
});
