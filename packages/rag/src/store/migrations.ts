import { StorageError } from "@audited-rag/core";
import type { Database } from "better-sqlite3";
import { packPagesAndChunks } from "./pack-pages-step";

// U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069.
const bidiControls = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];

/** A schema step: SQL, or a function for a step that must convert values SQL cannot. */
export type Migration = string | ((database: Database) => void);

/** Schema steps, applied in order; `PRAGMA user_version` records how many have run. Never edit a shipped step. */
export const migrations: readonly Migration[] = [
  `
  CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    filename TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    pages INTEGER NOT NULL,
    chunks INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
    progress TEXT,
    warnings TEXT,
    error TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX documents_sha256 ON documents (sha256);
  CREATE INDEX documents_created_at ON documents (created_at);

  CREATE TABLE pages (
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    page_number INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (document_id, page_number)
  ) WITHOUT ROWID;

  CREATE TABLE chunks (
    id TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    page INTEGER NOT NULL,
    start_offset INTEGER NOT NULL,
    end_offset INTEGER NOT NULL,
    text TEXT NOT NULL,
    sha256 TEXT NOT NULL
  );
  CREATE INDEX chunks_document ON chunks (document_id, ordinal);

  CREATE TABLE answers (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    body TEXT NOT NULL
  );
  `,
  // Accounts: who may do what, and who uploaded and deleted each document. Names are copied into the
  // provenance columns so the record survives the account's removal.
  `
  ALTER TABLE documents ADD COLUMN uploaded_by TEXT;

  CREATE TABLE document_deletions (
    id INTEGER PRIMARY KEY,
    document_id TEXT NOT NULL,
    filename TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    uploaded_by TEXT,
    deleted_by TEXT,
    deleted_at TEXT NOT NULL
  );

  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sessions_user ON sessions (user_id);

  CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  );
  CREATE INDEX api_tokens_user ON api_tokens (user_id);
  `,
  // Page layout and chunk structure. Pages move to a rowid table: a page's text plus its layout is
  // often a few KB, and in a WITHOUT ROWID table rows that size spill into overflow pages.
  `
  CREATE TABLE pages_with_layout (
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    page_number INTEGER NOT NULL,
    text TEXT NOT NULL,
    layout TEXT
  );
  INSERT INTO pages_with_layout (document_id, page_number, text) SELECT document_id, page_number, text FROM pages;
  DROP TABLE pages;
  ALTER TABLE pages_with_layout RENAME TO pages;
  CREATE UNIQUE INDEX pages_document_page ON pages (document_id, page_number);

  ALTER TABLE chunks ADD COLUMN structure TEXT;
  `,
  // Retention prunes by age: without an index every prune would scan every stored answer. Names stored
  // before uploads dropped bidi controls lose them too (U+202E would flip what the list shows).
  `
  CREATE INDEX answers_created_at ON answers (created_at);
  UPDATE documents SET filename = ${bidiControls.reduce((inner, code) => `replace(${inner}, char(${code}), '')`, "filename")};
  `,
  // History: who asked (when accounts are on) and the question, searchable without parsing every body.
  `
  ALTER TABLE answers ADD COLUMN owner TEXT;
  ALTER TABLE answers ADD COLUMN question TEXT NOT NULL DEFAULT '';
  UPDATE answers SET question = coalesce(json_extract(body, '$.question'), '');
  CREATE INDEX answers_owner_created ON answers (owner, created_at);
  `,
  // Pages read by OCR keep their words with boxes (the viewer lays them over the scan) and confidence.
  `
  ALTER TABLE pages ADD COLUMN ocr TEXT;
  `,
  // Lean storage: pages packed in runs of four, OCR words packed apart; a chunk's text and structure are
  // rebuilt from its page instead of stored a second time (chunk-columns.ts), so chunk rows are small.
  packPagesAndChunks,
];

/**
 * Brings the schema up to date (or to the first `steps` steps, for tests of old files) inside one
 * transaction; returns how many steps ran.
 */
export function migrate(database: Database, steps = migrations.length): number {
  const current = database.pragma("user_version", { simple: true }) as number;
  if (current > migrations.length) {
    throw new StorageError(`The database schema (version ${current}) is newer than this build understands.`);
  }
  database.transaction(() => {
    for (const [index, step] of migrations.slice(0, steps).entries()) {
      if (index < current) continue;
      if (typeof step === "string") database.exec(step);
      else step(database);
    }
    database.pragma(`user_version = ${Math.max(current, steps)}`);
  })();
  return Math.max(0, steps - current);
}
