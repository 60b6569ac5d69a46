import { StorageError } from "@audited-rag/core";
import type { Database } from "better-sqlite3";

/** Schema steps, applied in order; `PRAGMA user_version` records how many have run. Never edit a shipped step. */
export const migrations: readonly string[] = [
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
];

/** Brings the schema up to date inside one transaction. */
export function migrate(database: Database): void {
  const current = database.pragma("user_version", { simple: true }) as number;
  if (current > migrations.length) {
    throw new StorageError(`The database schema (version ${current}) is newer than this build understands.`);
  }
  database.transaction(() => {
    for (const [index, step] of migrations.entries()) {
      if (index < current) continue;
      database.exec(step);
    }
    database.pragma(`user_version = ${migrations.length}`);
  })();
}
