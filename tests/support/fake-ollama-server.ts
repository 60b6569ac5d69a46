import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseOr, readBody, sendJson } from "./loopback-http";

/** What a chat handler sees of one `POST /api/chat`. */
export interface FakeOllamaChatCall {
  /** 0-based position among the chat requests this server received. */
  index: number;
  model: string;
  system: string;
  user: string;
  question: string;
  /** Passages read back from the `[n] text` lines of the prompt, by local id. */
  passages: Map<number, string>;
  body: Record<string, unknown>;
}

/** How to answer one chat request: `status` + `error` for a failure, otherwise `content` as the message. */
export interface FakeOllamaChatReply {
  content?: string;
  status?: number;
  error?: string;
  delayMs?: number;
  /** The `model` field of the reply; default the requested model. */
  model?: string;
  /** Sent as the whole 200 body instead of a chat reply (to test unreadable replies). */
  rawBody?: unknown;
  /** Token counts of the reply; default about one token per four characters. */
  promptEvalCount?: number;
  evalCount?: number;
}

export type FakeOllamaChatHandler = (call: FakeOllamaChatCall) => FakeOllamaChatReply;

export interface FakeOllamaRecordedRequest {
  method: string;
  path: string;
  body: unknown;
  /** True when the client went away before the reply was sent (an aborted request). */
  closedEarly: boolean;
}

export interface FakeOllamaServer {
  /** Base URL such as http://127.0.0.1:41234. */
  url: string;
  requests: FakeOllamaRecordedRequest[];
  /** Most chat requests in flight at once so far. */
  readonly maxConcurrentChats: number;
  setChatHandler(handler?: FakeOllamaChatHandler): void;
  setModels(models: string[]): void;
  setEmbedDelay(ms: number): void;
  close(): Promise<void>;
}

export interface FakeOllamaOptions {
  /** Pulled models; a name without a tag means `:latest`. */
  models?: string[];
  /** Size of the fake embeddings; default 64. */
  dimension?: number;
  /** Inputs longer than this many characters are refused when `truncate` is false; default 2000. */
  maxInputChars?: number;
  chat?: FakeOllamaChatHandler;
}

export const DEFAULT_FAKE_MODELS = ["nomic-embed-text:latest", "llama3.2:3b"];

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, "utf8")) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash >>> 0;
}

/**
 * A hashed bag of words, L2-normalised: texts sharing words point the same way, so nearest
 * neighbours behave sensibly without a model.
 */
export function hashedEmbedding(text: string, dimension: number): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = fnv1a(word);
    vector[hash % dimension] = (vector[hash % dimension] as number) + (hash & 0x80000000 ? -1 : 1);
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) return vector.map((_, position) => (position === 0 ? 1 : 0));
  return vector.map((value) => value / norm);
}

function firstSentence(text: string): string {
  return (/^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text).trim();
}

/** A draft as JSON text. */
export function draftJson(
  abstain: boolean,
  claims: Array<{ text: string; quote: string; citations: unknown }>,
): string {
  return JSON.stringify({ abstain, claims });
}

/** Default: the first sentence of passage [1] as the one claim; abstains without passages. */
export const defaultChatHandler: FakeOllamaChatHandler = (call) => {
  const first = call.passages.get(1);
  if (first === undefined) return { content: draftJson(true, []) };
  const sentence = firstSentence(first);
  return { content: draftJson(false, [{ text: sentence, quote: sentence, citations: [1] }]) };
};

/** Scripted replies for the shapes small models produce. */
export const chatReplies = {
  fenced: (call: FakeOllamaChatCall) => ({ content: `\`\`\`json\n${defaultChatHandler(call).content}\n\`\`\`` }),
  prose: (call: FakeOllamaChatCall) => ({
    content: `Here is the JSON you asked for:\n${defaultChatHandler(call).content}\nI hope this helps!`,
  }),
  trailingComma: (call: FakeOllamaChatCall) => ({
    content: (defaultChatHandler(call).content as string).replace(/\}\]\}$/, "},],}"),
  }),
  curlyQuotes: (call: FakeOllamaChatCall) => ({
    content: (defaultChatHandler(call).content as string).replace(/"(abstain|claims|text|quote|citations)"/g, "“$1”"),
  }),
  invalid: () => ({ content: "The answer is yes, based on passage 1 {not json" }),
  wrongShape: () => ({ content: JSON.stringify({ answer: "yes", sources: [1] }) }),
  unknownCitation: (call: FakeOllamaChatCall) => {
    const sentence = firstSentence(call.passages.get(1) ?? "");
    return { content: draftJson(false, [{ text: sentence, quote: sentence, citations: [99] }]) };
  },
  hallucinatedQuote: () => ({
    content: draftJson(false, [
      { text: "The moon is made of cheese.", quote: "The moon is made of cheese.", citations: [1] },
    ]),
  }),
  slow: (delayMs: number) => (call: FakeOllamaChatCall) => ({ ...defaultChatHandler(call), delayMs }),
} satisfies Record<string, unknown>;

function withTag(name: string): string {
  return name.includes(":") ? name : `${name}:latest`;
}

/** Starts a loopback server speaking the subset of the Ollama API the adapters use. */
export async function startFakeOllama(options: FakeOllamaOptions = {}): Promise<FakeOllamaServer> {
  const dimension = options.dimension ?? 64;
  const maxInputChars = options.maxInputChars ?? 2000;
  let models = options.models ?? DEFAULT_FAKE_MODELS;
  let chat = options.chat ?? defaultChatHandler;
  let embedDelayMs = 0;
  let chatCount = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const requests: FakeOllamaRecordedRequest[] = [];

  const notFound = (res: ServerResponse, model: string) =>
    sendJson(res, 404, { error: `model "${model}" not found, try pulling it first` });
  const pulled = (model: string) => models.some((name) => withTag(name) === withTag(model));

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const recorded: FakeOllamaRecordedRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      body: raw === "" ? undefined : parseOr(raw),
      closedEarly: false,
    };
    requests.push(recorded);
    res.on("close", () => {
      if (!res.writableFinished) recorded.closedEarly = true;
    });
    const body = (recorded.body ?? {}) as Record<string, unknown>;
    const model = typeof body.model === "string" ? body.model : "";

    if (req.method === "GET" && req.url === "/api/tags") {
      return sendJson(res, 200, {
        models: models.map((name) => ({
          name: withTag(name),
          model: withTag(name),
          modified_at: "2025-01-01T00:00:00Z",
          size: 1,
          digest: "0",
          details: { format: "gguf", family: "fake" },
        })),
      });
    }
    if (req.method === "POST" && req.url === "/api/show") {
      if (!pulled(model)) return notFound(res, model);
      return sendJson(res, 200, { details: { family: "fake" }, model_info: { "fake.embedding_length": dimension } });
    }
    if (req.method === "POST" && req.url === "/api/embed") {
      if (!pulled(model)) return notFound(res, model);
      const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input ?? "")];
      if (body.truncate === false && input.some((text) => text.length > maxInputChars)) {
        return sendJson(res, 400, { error: "the input length exceeds the context length" });
      }
      if (embedDelayMs > 0 && !(await delay(res, embedDelayMs))) return;
      return sendJson(res, 200, { model, embeddings: input.map((text) => hashedEmbedding(text, dimension)) });
    }
    if (req.method === "POST" && req.url === "/api/chat") {
      if (!pulled(model)) return notFound(res, model);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        const reply = chat(toChatCall(chatCount++, model, body));
        if (reply.delayMs && !(await delay(res, reply.delayMs))) return;
        if (reply.status !== undefined) return sendJson(res, reply.status, { error: reply.error ?? "fake failure" });
        if (reply.rawBody !== undefined) return sendJson(res, 200, reply.rawBody);
        const content = reply.content ?? "";
        // The official reply's token counts (prompt_eval_count, eval_count) come with `done`.
        return sendJson(res, 200, {
          model: reply.model ?? model,
          created_at: new Date().toISOString(),
          message: { role: "assistant", content },
          done: true,
          done_reason: "stop",
          prompt_eval_count: reply.promptEvalCount ?? Math.ceil(JSON.stringify(body.messages ?? []).length / 4),
          eval_count: reply.evalCount ?? Math.ceil(content.length / 4),
        });
      } finally {
        inFlight--;
      }
    }
    sendJson(res, 404, { error: "404 page not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get maxConcurrentChats() {
      return maxInFlight;
    },
    setChatHandler(handler) {
      chat = handler ?? defaultChatHandler;
    },
    setModels(next) {
      models = next;
    },
    setEmbedDelay(ms) {
      embedDelayMs = ms;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function toChatCall(index: number, model: string, body: Record<string, unknown>): FakeOllamaChatCall {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string; content?: string }>) : [];
  const system = messages.find((message) => message.role === "system")?.content ?? "";
  const user = messages.find((message) => message.role === "user")?.content ?? "";
  const passages = new Map<number, string>();
  for (const match of user.matchAll(/^\[(\d+)\] ([\s\S]*?)(?=\n\n\[\d+\] |\nPASSAGES>>>|$)/gm)) {
    passages.set(Number(match[1]), (match[2] ?? "").trim());
  }
  const question = /^Question: (.*)$/m.exec(user)?.[1] ?? "";
  return { index, model, system, user, question, passages, body };
}

/** Waits, or gives up when the client goes away; true when the reply should still be sent. */
function delay(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(!res.destroyed), ms);
    res.once("close", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}
