import { existsSync, readFileSync, statSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { type AskResponse, askResponseSchema } from "@audited-rag/core";
import type { FastifyInstance } from "fastify";
import { multipartFile } from "../tests/support/multipart";
import { type LoadedDevQuestion, loadDevSet } from "./dev-set-schema";

/** Which drafter (and embedder) the eval builds the app with. */
export type EvalGenerator = "extractive" | "ollama";

export class UsageError extends Error {}

/** Reads `--generator`, refusing Ollama without OLLAMA_HOST so a run never silently falls back. */
export function parseGenerator(value: string | undefined): EvalGenerator {
  if (value !== "extractive" && value !== "ollama") {
    throw new UsageError(`--generator must be extractive or ollama, not ${value}`);
  }
  if (value === "ollama" && !process.env.OLLAMA_HOST) {
    throw new UsageError("--generator ollama needs OLLAMA_HOST (e.g. OLLAMA_HOST=http://127.0.0.1:11434)");
  }
  return value;
}

/** The environment the app is built from: embedded defaults, or Ollama for drafting and embeddings. */
export function appEnvironment(generator: EvalGenerator, dataDir: string): Record<string, string | undefined> {
  // Login off, app.inject's default Host allowed and no ask rate limit: the evaluation is one in-process client.
  const base = {
    RAG_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RAG_JEV_MODE: "off",
    RAG_AUTH: "off",
    RAG_ALLOWED_HOSTS: "localhost:80",
    RAG_ASK_RATE_LIMIT: "0",
    // A threshold to measure at, other than the engine's own (calibration replays, experiments).
    RAG_ANSWER_THRESHOLD: process.env.RAG_ANSWER_THRESHOLD,
    RAG_RETRIEVAL_POSTING_BUDGET: process.env.RAG_RETRIEVAL_POSTING_BUDGET,
    RAG_RETRIEVAL_DOCUMENTS: process.env.RAG_RETRIEVAL_DOCUMENTS,
  };
  if (generator === "extractive") return base;
  return {
    ...base,
    RAG_GENERATOR: "ollama",
    RAG_EMBEDDER: "ollama",
    OLLAMA_HOST: process.env.OLLAMA_HOST,
    RAG_CHAT_MODEL: process.env.RAG_CHAT_MODEL,
    RAG_EMBED_MODEL: process.env.RAG_EMBED_MODEL,
  };
}

/** Uploads one PDF with `?wait=true`; the page count, or the status and body when it failed. */
export async function upload(
  app: FastifyInstance,
  filename: string,
  bytes: Uint8Array,
): Promise<{ pages: number } | string> {
  const { payload, headers } = multipartFile(bytes, filename);
  const response = await app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    return `${response.statusCode} ${response.body.slice(0, 200)}`;
  }
  return { pages: (response.json() as { document: { pages: number } }).document.pages };
}

/** Asks over the whole library (no documentIds), as a user does; a non-200 is an error of the run. */
export async function ask(app: FastifyInstance, id: string, question: string): Promise<AskResponse> {
  const response = await app.inject({ method: "POST", url: "/api/ask", payload: { question } });
  if (response.statusCode !== 200) {
    throw new Error(`POST /api/ask for ${id} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return askResponseSchema.parse(response.json());
}

/**
 * ../shared/corpus beside the checkout. In a git worktree (`.git` is a file naming
 * `<main>/.git/worktrees/<name>`) that is beside the main checkout instead, so every worktree
 * of one clone finds the same corpus.
 */
export function defaultCorpusDir(repoRoot: string): string {
  const beside = path.resolve(repoRoot, "../shared/corpus");
  if (existsSync(beside)) return beside;
  const dotGit = path.join(repoRoot, ".git");
  try {
    if (!statSync(dotGit).isFile()) return beside;
    const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trim();
    if (!gitdir) return beside;
    const mainRoot = path.resolve(repoRoot, gitdir, "../../..");
    const main = path.resolve(mainRoot, "../shared/corpus");
    return existsSync(main) ? main : beside;
  } catch {
    return beside;
  }
}

/** The dev-set files a location names: the folder's `*.json` files in name order, or the one file. */
export async function devSetFiles(location: string): Promise<string[]> {
  if (!(await stat(location)).isDirectory()) return [location];
  return (await readdir(location))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(location, name));
}

/** Every question of the dev-set files in `location` (see `devSetFiles`), validated. */
export async function readDevSetFolder(location: string): Promise<LoadedDevQuestion[]> {
  const files = await devSetFiles(location);
  return loadDevSet(
    await Promise.all(
      files.map(async (file) => ({
        name: path.basename(file),
        content: JSON.parse(await readFile(file, "utf8")) as unknown,
      })),
    ),
  );
}

/** Uploads each dev-set document once, by its file name, from `corpusDir`. */
export async function uploadDevLibrary(
  app: FastifyInstance,
  questions: LoadedDevQuestion[],
  corpusDir: string,
): Promise<void> {
  for (const document of new Set(questions.map((question) => question.document))) {
    await upload(app, path.basename(document), new Uint8Array(await readFile(path.join(corpusDir, document))));
  }
}
