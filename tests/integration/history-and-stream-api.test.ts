import { existsSync } from "node:fs";
import path from "node:path";
import { type AskStreamEvent, answerListSchema, askResponseSchema, askStreamEventSchema } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJevServer, startFakeJevServer } from "../support/fake-jev-server";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

const pages = [
  ["Cancellation policy. Customers can cancel their subscription within thirty days of purchase for a full refund."],
  ["Service areas. The delivery service operates in Rome and Milan on weekdays between eight and six o'clock."],
];
const twoParts =
  "How long do customers have to cancel their subscription, and which cities does the delivery service operate in?";

async function uploadPolicy(test: TestApp): Promise<void> {
  const { payload, headers } = multipartFile(await makeTextPdf(pages), "policy.pdf");
  const response = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
  expect(response.statusCode).toBe(201);
}

function parseEvents(body: string): AskStreamEvent[] {
  return body
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => askStreamEventSchema.parse(JSON.parse(line)));
}

describe("answer history API", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
    await uploadPolicy(test);
  });
  afterAll(async () => test.close());

  const ask = (question: string) => test.app.inject({ method: "POST", url: "/api/ask", payload: { question } });
  const list = async (query = "") => {
    const response = await test.app.inject({ method: "GET", url: `/api/answers${query}` });
    expect(response.statusCode).toBe(200);
    return answerListSchema.parse(response.json()).answers;
  };

  it("lists answers newest first with a status summary, searches, and deletes one or all", async () => {
    const first = askResponseSchema.parse((await ask("How long do customers have to cancel?")).json());
    const second = askResponseSchema.parse((await ask("Which cities does the delivery service operate in?")).json());
    const listed = await list();
    expect(listed.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(listed[1]).toMatchObject({
      question: "How long do customers have to cancel?",
      jevMode: "off",
      summary: { parts: 1, answeredParts: 1, keep: 0, review: 0, withhold: 0 },
    });
    expect(listed[1]?.summary.claims).toBeGreaterThan(0);
    expect((await list("?query=CITIES")).map((item) => item.id)).toEqual([second.id]);
    expect((await list("?limit=1")).map((item) => item.id)).toEqual([second.id]);
    const badLimit = await test.app.inject({ method: "GET", url: "/api/answers?limit=0" });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error.code).toBe("INVALID_REQUEST");

    const removed = await test.app.inject({ method: "DELETE", url: `/api/answers/${first.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await test.app.inject({ method: "GET", url: `/api/answers/${first.id}` })).statusCode).toBe(404);
    const again = await test.app.inject({ method: "DELETE", url: `/api/answers/${first.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe("NOT_FOUND");

    expect((await test.app.inject({ method: "DELETE", url: "/api/answers" })).statusCode).toBe(204);
    expect(await list()).toEqual([]);
  });

  it("serves the web app for its own routes so links and reloads work", async () => {
    const built = existsSync(path.resolve("apps/web/dist/index.html"));
    for (const url of ["/history", "/answers/some-answer-id"]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(built ? 200 : 503);
      if (built) expect(response.body).toContain('<div id="root">');
    }
  });
});

describe("answer history with login on", () => {
  let test: TestApp;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    test = await startTestApp({ RAG_AUTH: "on", RAG_ASK_RATE_LIMIT: "3" });
    const ana = await test.app.accounts.createUser({ name: "ana", password: "correct horse battery", role: "admin" });
    const bo = await test.app.accounts.createUser({ name: "bo", password: "correct horse battery", role: "member" });
    secrets.ana = test.app.accounts.createToken(ana, "tests").secret;
    secrets.bo = test.app.accounts.createToken(bo, "tests").secret;
    const { payload, headers } = multipartFile(await makeTextPdf(pages), "policy.pdf");
    const uploaded = await test.app.inject({
      method: "POST",
      url: "/api/documents?wait=true",
      payload,
      headers: { ...headers, authorization: `Bearer ${secrets.ana}` },
    });
    expect(uploaded.statusCode).toBe(201);
  });
  afterAll(async () => test.close());

  const as = (user: string) => ({ authorization: `Bearer ${secrets[user]}` });
  const ask = (question: string, user: string) =>
    test.app.inject({ method: "POST", url: "/api/ask", payload: { question }, headers: as(user) });
  const list = async (user: string) => {
    const response = await test.app.inject({ method: "GET", url: "/api/answers", headers: as(user) });
    expect(response.statusCode).toBe(200);
    return answerListSchema.parse(response.json()).answers;
  };

  it("shows each signed-in person only their own answers, admins included", async () => {
    const ana = askResponseSchema.parse((await ask("How long do customers have to cancel?", "ana")).json());
    const bo = askResponseSchema.parse((await ask("Which cities are served?", "bo")).json());
    expect((await list("ana")).map((item) => item.id)).toEqual([ana.id]);
    expect((await list("bo")).map((item) => item.id)).toEqual([bo.id]);
    const foreign = await test.app.inject({ method: "GET", url: `/api/answers/${bo.id}`, headers: as("ana") });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await test.app.inject({ method: "DELETE", url: `/api/answers/${bo.id}`, headers: as("ana") });
    expect(foreignDelete.statusCode).toBe(404);
    const clear = await test.app.inject({ method: "DELETE", url: "/api/answers", headers: as("ana") });
    expect(clear.statusCode).toBe(204);
    expect(await list("ana")).toEqual([]);
    expect((await list("bo")).map((item) => item.id)).toEqual([bo.id]);
  });

  it("needs a signed-in person for the history and the streaming ask, which has the ask rate limit", async () => {
    expect((await test.app.inject({ method: "GET", url: "/api/answers" })).statusCode).toBe(401);
    const anonymous = await test.app.inject({
      method: "POST",
      url: "/api/ask/stream",
      payload: { question: "Which cities are served?" },
      // A same-origin browser request, so only the missing session stops it.
      headers: { origin: "http://localhost" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("AUTH_REQUIRED");
    const stream = () =>
      test.app.inject({
        method: "POST",
        url: "/api/ask/stream",
        payload: { question: "Which cities are served?" },
        headers: as("bo"),
      });
    const answered = await stream();
    expect(answered.statusCode).toBe(200);
    const last = parseEvents(answered.body).at(-1);
    expect(last?.type).toBe("answer");
    // Streamed answers are the asker's too.
    if (last?.type === "answer") expect((await list("bo")).map((item) => item.id)).toContain(last.answer.id);
    expect((await stream()).statusCode).toBe(200);
    expect((await stream()).statusCode).toBe(200);
    const limited = await stream();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
  });
});

describe("streaming ask API", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
    await uploadPolicy(test);
  });
  afterAll(async () => test.close());

  it("sends stages, drafted parts and the stored answer as NDJSON in order", async () => {
    const response = await test.app.inject({ method: "POST", url: "/api/ask/stream", payload: { question: twoParts } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const events = parseEvents(response.body);
    const kinds = events.map((event) => (event.type === "stage" ? `${event.type}:${event.stage}` : event.type));
    expect(kinds).toEqual(["stage:searching", "stage:drafting", "part", "stage:drafting", "part", "drafted", "answer"]);
    expect(events[1]).toMatchObject({ part: 0, parts: 2 });
    expect(events[3]).toMatchObject({ part: 1, parts: 2 });
    const last = events.at(-1);
    if (last?.type !== "answer") throw new Error("the stream did not end with the answer");
    const part = events[2];
    if (part?.type !== "part") throw new Error("expected a drafted part");
    expect(part.part.claims[0]?.sources[0]).toMatchObject({ filename: "policy.pdf", page: 1 });
    expect(part.part.claims.map((claim) => claim.quote)).toEqual(last.answer.parts[0]?.claims.map((c) => c.quote));
    const stored = await test.app.inject({ method: "GET", url: `/api/answers/${last.answer.id}` });
    expect(stored.json()).toEqual(last.answer);
  });

  it("keeps HTTP errors for failures before any work starts", async () => {
    const invalid = await test.app.inject({ method: "POST", url: "/api/ask/stream", payload: { question: " " } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe("INVALID_REQUEST");
    const raised = await test.app.inject({
      method: "POST",
      url: "/api/ask/stream",
      payload: { question: "Anything?", jevMode: "observe" },
    });
    expect(raised.statusCode).toBe(400);
    expect(raised.json().error.code).toBe("JEV_MODE_NOT_ALLOWED");
    const unknown = await test.app.inject({
      method: "POST",
      url: "/api/ask/stream",
      payload: { question: "Anything?", documentIds: ["missing"] },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("streaming ask with the support check over real HTTP", () => {
  let jev: FakeJevServer;
  let test: TestApp;
  let url: string;

  beforeAll(async () => {
    jev = await startFakeJevServer();
    test = await startTestApp({ RAG_JEV_MODE: "observe", TYPESAFE_API_KEY: "test-key", TYPESAFE_BASE_URL: jev.url });
    await uploadPolicy(test);
    await test.app.listen({ host: "127.0.0.1", port: 0 });
    const address = test.app.server.address();
    if (!address || typeof address === "string") throw new Error("no TCP port");
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await test.close();
    await jev.close();
  });

  it("sends each part's verdicts before the final answer", async () => {
    const response = await fetch(`${url}/api/ask/stream`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: twoParts }),
    });
    const events = parseEvents(await response.text());
    const kinds = events.map((event) => event.type);
    expect(kinds.indexOf("drafted")).toBeLessThan(kinds.indexOf("verdicts"));
    expect(kinds.filter((kind) => kind === "verdicts")).toHaveLength(2);
    expect(kinds.at(-1)).toBe("answer");
    const verdicts = events.flatMap((event) => (event.type === "verdicts" ? event.claims : []));
    expect(verdicts.every((verdict) => verdict.audit.suggestion === "keep")).toBe(true);
  });

  it("stops the auditor's requests and stores nothing when the client cancels", async () => {
    jev.setHandler(() => ({ delayMs: 3000 }));
    const before = answerListSchema.parse(await (await fetch(`${url}/api/answers`)).json()).answers.length;
    const requestsBefore = jev.requests.length;
    const controller = new AbortController();
    const response = await fetch(`${url}/api/ask/stream`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: twoParts }),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    while (!text.includes('"stage":"checking"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before checking: ${text}`);
      text += new TextDecoder().decode(value);
    }
    // Wait until the auditor's requests are in flight, then cancel.
    while (jev.requests.length < requestsBefore + 2) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    const deadline = Date.now() + 2000;
    const sent = jev.requests.slice(requestsBefore);
    while (Date.now() < deadline && !sent.every((request) => request.closedEarly)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sent.map((request) => request.closedEarly)).toEqual(sent.map(() => true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = answerListSchema.parse(await (await fetch(`${url}/api/answers`)).json()).answers.length;
    expect(after).toBe(before);
    jev.setHandler();
  });
});
