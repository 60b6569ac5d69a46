/**
 * Database bytes per page: real PDFs (and a generated one, so something always prints) ingested
 * through the real pipeline into a fresh data folder, the file vacuumed, and its size broken
 * down per table and index with SQLite's `dbstat` table. No answers are stored.
 * Run: node --import tsx evaluation/bench-storage.ts [--corpus DIR]
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DocumentIngestor, MetadataStore, SqliteVectorIndex } from "@audited-rag/rag";
import { benchPageTexts, makeBenchPdf } from "./bench-corpus";
import { defaultCorpusDir } from "./eval-app";

/** Corpus PDFs of different kinds: a long RFC, a standard with tables, an option manual, a 10-Q, a two-column paper. */
export const storageBenchFiles = [
  "varied/rfc2616.pdf",
  "NIST.FIPS.197.pdf",
  "dev/02_manual_STAR_aligner.pdf",
  "dev/01_financial_qualcomm_10q_q1fy2025.pdf",
  "varied/1810.04805v2-bert.pdf",
];

export interface StorageObject {
  /** Table or index, as `dbstat` names it (FTS5 shadow tables appear as chunk_fts_data, …). */
  name: string;
  bytes: number;
}

export interface StorageResult {
  /** What was ingested: corpus paths, or the generated PDF. */
  files: string[];
  pages: number;
  chunks: number;
  /** Size of the vacuumed database file. */
  fileBytes: number;
  bytesPerPage: number;
  /** Largest first; objects under one page of the file are folded into "other". */
  objects: StorageObject[];
}

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** Ingests `files` into a fresh data folder and measures the vacuumed file. */
export async function measureStorage(files: { name: string; path: string }[]): Promise<StorageResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-storage-"));
  const store = MetadataStore.open(dataDir);
  const ingestor = new DocumentIngestor({
    store,
    index: new SqliteVectorIndex(store.database),
    extractTimeoutMs: 300_000,
  });
  try {
    let pages = 0;
    let chunks = 0;
    for (const [position, file] of files.entries()) {
      const bytes = await readFile(file.path);
      const tempPath = path.join(dataDir, `${position}.upload`);
      await writeFile(tempPath, bytes);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const { done } = await ingestor.ingest({
        tempPath,
        filename: path.basename(file.name),
        sha256,
        bytes: bytes.length,
      });
      const document = await done;
      pages += document.pages;
      chunks += document.chunks;
    }
    store.database.exec("VACUUM");
    store.database.pragma("wal_checkpoint(TRUNCATE)");
    const fileBytes = (await stat(path.join(dataDir, "rag.sqlite"))).size;
    return {
      files: files.map((file) => file.name),
      pages,
      chunks,
      fileBytes,
      bytesPerPage: Math.round(fileBytes / Math.max(1, pages)),
      objects: storageObjects(store),
    };
  } finally {
    await ingestor.close();
    store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Bytes of every table and index, from `dbstat` (compiled into better-sqlite3's SQLite). */
function storageObjects(store: MetadataStore): StorageObject[] {
  const pageSize = store.database.pragma("page_size", { simple: true }) as number;
  const rows = store.database
    .prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC, name")
    .all() as StorageObject[];
  const large = rows.filter((row) => row.bytes > pageSize);
  const other = rows.length - large.length;
  if (other === 0) return large;
  const otherBytes = rows.filter((row) => row.bytes <= pageSize).reduce((sum, row) => sum + row.bytes, 0);
  return [...large, { name: `other (${other} objects of one page)`, bytes: otherBytes }];
}

/** The corpus files that exist under `corpusDir`; empty when the corpus is absent. */
export function corpusStorageFiles(corpusDir: string): { name: string; path: string }[] {
  return storageBenchFiles
    .map((name) => ({ name, path: path.join(corpusDir, name) }))
    .filter((file) => existsSync(file.path));
}

/** Measures a generated PDF of prose (the bench corpus), written to a temporary folder. */
export async function measureGeneratedStorage(pages: number): Promise<StorageResult> {
  const folder = await mkdtemp(path.join(tmpdir(), "bench-storage-pdf-"));
  try {
    const file = path.join(folder, `generated-${pages}-pages.pdf`);
    await writeFile(file, await makeBenchPdf(benchPageTexts(7, pages)));
    return await measureStorage([{ name: `generated ${pages}-page PDF`, path: file }]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The lines `npm run bench -- --only storage` and this script print for one result. */
export function storageReport(result: StorageResult): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    `  ${result.files.join(", ")}`,
    `  ${result.pages} pages, ${result.chunks} chunks: ${kb(result.fileBytes)} vacuumed, ${kb(result.bytesPerPage)} per page`,
    ...result.objects.map(
      (object) =>
        `    ${object.name.padEnd(36)} ${kb(object.bytes).padStart(10)}  ${kb(object.bytes / Math.max(1, result.pages)).padStart(8)}/page`,
    ),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { corpus: { type: "string" } } });
  const corpusDir = values.corpus ?? defaultCorpusDir(repoRoot);
  const files = corpusStorageFiles(corpusDir);
  if (files.length === 0) console.log(`storage: no corpus PDFs under ${corpusDir}; only the generated PDF is measured`);
  else for (const line of storageReport(await measureStorage(files))) console.log(line);
  for (const line of storageReport(await measureGeneratedStorage(100))) console.log(line);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
