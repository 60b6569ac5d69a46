import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseOr, readBody, sendJson } from "./loopback-http";

/** One question of a `POST /v1/systemone`, with the claim read back from its `Claim:` line. */
export interface FakeJevQuestion {
  name: string;
  claim: string;
  instructions: string;
  criteria: Record<string, string>;
}

/** What a handler sees of one judgment request. */
export interface FakeJevCall {
  /** 0-based position among all judgment requests this server received. */
  index: number;
  model: string;
  questions: FakeJevQuestion[];
  /** Excerpt texts read from `state.excerpts[].text` (empty when the state has another shape). */
  excerpts: string[];
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * How to answer one request. Fields are checked in this order: `reset` destroys the socket,
 * `status` (non-2xx) answers with `body`, `malformed` sends broken JSON, `rawBody` is sent as
 * a 200 JSON body as-is; otherwise a well-formed reply is built from `distributions`.
 */
export interface FakeJevReply {
  delayMs?: number;
  reset?: boolean;
  status?: number;
  /** Body of a non-2xx reply (string or JSON). */
  body?: unknown;
  malformed?: boolean;
  rawBody?: unknown;
  /** Probabilities per question name; `null` omits that answer; absent names get `distribution` or the default rule. */
  distributions?: Record<string, Record<string, number> | null>;
  /** Probabilities for every question not named in `distributions`. */
  distribution?: Record<string, number>;
  /** Model name to return; defaults to the requested one. */
  model?: string;
  /** Defaults to about a quarter of the body length in input tokens and 3 output tokens per question. */
  usage?: { input_tokens: number | null; output_tokens: number | null } | null;
  /** `x-typesafe-request-id`; defaults to `fake-req-<n>`; null sends none. */
  requestId?: string | null;
}

export type FakeJevHandler = (call: FakeJevCall) => FakeJevReply | Promise<FakeJevReply>;

/** A request as received, for assertions. */
export interface FakeJevRecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or the raw text when it was not JSON (undefined for GET). */
  body: unknown;
  /** True when the client went away before the reply was sent (e.g. an aborted request). */
  closedEarly: boolean;
}

export interface FakeJevServer {
  /** Base URL such as http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  requests: FakeJevRecordedRequest[];
  /** Replaces the judgment handler; no argument restores the default. */
  setHandler(handler?: FakeJevHandler): void;
  /** What `GET /v1/models` answers: a model list, or an error status. */
  setModels(models: string[] | { status: number; body?: unknown }): void;
  close(): Promise<void>;
}

export interface FakeJevServerOptions {
  handler?: FakeJevHandler;
  models?: string[];
}

export const SUPPORTED = { support: 0.97, contradiction: 0.01, insufficient: 0.02 };
export const INSUFFICIENT = { support: 0.03, contradiction: 0.02, insufficient: 0.95 };

function normalise(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * Support 0.97 when an excerpt contains the claim after normalisation (quotes, whitespace,
 * case and trailing sentence punctuation), insufficient 0.95 otherwise.
 */
export const defaultJevHandler: FakeJevHandler = (call) => ({
  distributions: Object.fromEntries(
    call.questions.map((question) => {
      const claim = normalise(question.claim).replace(/[.!?;:]+$/, "");
      const found = claim.length > 0 && call.excerpts.some((excerpt) => normalise(excerpt).includes(claim));
      return [question.name, found ? SUPPORTED : INSUFFICIENT];
    }),
  ),
});

/** Starts a loopback server speaking Jev's wire contract; usable from vitest and plain scripts. */
export async function startFakeJevServer(options: FakeJevServerOptions = {}): Promise<FakeJevServer> {
  let handler: FakeJevHandler = options.handler ?? defaultJevHandler;
  let models: string[] | { status: number; body?: unknown } = options.models ?? ["jev-1.13.0", "jev-1.12.0"];
  const requests: FakeJevRecordedRequest[] = [];
  let calls = 0;

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const recorded: FakeJevRecordedRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: raw === "" ? undefined : parseOr(raw),
      closedEarly: false,
    };
    requests.push(recorded);
    res.on("close", () => {
      if (!res.writableFinished) recorded.closedEarly = true;
    });
    if (req.method === "GET" && req.url === "/v1/models") {
      if (Array.isArray(models)) return sendJson(res, 200, { models: models.map((id) => ({ id, object: "model" })) });
      return sendJson(res, models.status, models.body ?? { error: { message: "fake models failure" } });
    }
    if (req.method !== "POST" || req.url !== "/v1/systemone")
      return sendJson(res, 404, { error: { message: "not found" } });
    const call = toCall(calls++, recorded);
    try {
      await answer(res, call, await handler(call), raw.length);
    } catch (error) {
      // A throwing test handler should fail the test's assertions, not crash the process.
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake handler threw: ${String(error)}` } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      handler = next ?? defaultJevHandler;
    },
    setModels(next) {
      models = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function answer(res: ServerResponse, call: FakeJevCall, reply: FakeJevReply, bodyLength: number): Promise<void> {
  if (reply.delayMs) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, reply.delayMs);
      res.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  if (res.destroyed || res.writableEnded) return;
  if (reply.reset) {
    res.socket?.destroy();
    return;
  }
  const requestId = reply.requestId === undefined ? `fake-req-${call.index + 1}` : reply.requestId;
  const headers: Record<string, string> = requestId ? { "x-typesafe-request-id": requestId } : {};
  if (reply.status !== undefined && (reply.status < 200 || reply.status > 299)) {
    return sendJson(res, reply.status, reply.body ?? { error: { message: "fake failure" } }, headers);
  }
  if (reply.malformed) return sendJson(res, 200, '{"model": "jev-1.13.0", "answers": {', headers);
  if (reply.rawBody !== undefined) return sendJson(res, 200, reply.rawBody, headers);

  const answers: Record<string, unknown> = {};
  for (const question of call.questions) {
    const named = reply.distributions?.[question.name];
    if (named === null) continue;
    const probabilities = named ?? reply.distribution ?? defaultProbabilities(call, question.name);
    const [choice, confidence] = Object.entries(probabilities).reduce<[string, number]>(
      (best, entry) => (entry[1] > best[1] ? entry : best),
      ["", 0],
    );
    answers[question.name] = { type: "choice", choice, confidence, probabilities };
  }
  const usage =
    reply.usage === undefined
      ? { input_tokens: Math.ceil(bodyLength / 4), output_tokens: 3 * call.questions.length }
      : reply.usage;
  sendJson(res, 200, { model: reply.model ?? call.model, answers, usage }, headers);
}

function defaultProbabilities(call: FakeJevCall, name: string): Record<string, number> {
  const reply = defaultJevHandler(call) as FakeJevReply;
  return reply.distributions?.[name] ?? INSUFFICIENT;
}

function toCall(index: number, recorded: FakeJevRecordedRequest): FakeJevCall {
  const body = (recorded.body ?? {}) as {
    model?: unknown;
    state?: { excerpts?: Array<{ text?: unknown }> };
    questions?: Record<string, { instructions?: unknown; criteria?: Record<string, string> }>;
  };
  const questions = Object.entries(body.questions ?? {}).map(([name, question]) => {
    const instructions = typeof question.instructions === "string" ? question.instructions : "";
    const claim = /^Claim: (.*)$/m.exec(instructions)?.[1] ?? instructions;
    return { name, claim, instructions, criteria: question.criteria ?? {} };
  });
  const excerpts = Array.isArray(body.state?.excerpts)
    ? body.state.excerpts.map((excerpt) => (typeof excerpt.text === "string" ? excerpt.text : ""))
    : [];
  const model = typeof body.model === "string" ? body.model : "";
  return { index, model, questions, excerpts, headers: recorded.headers, body: recorded.body };
}
