import { StorageError } from "@audited-rag/core";
import type { Database } from "better-sqlite3";

/** Schema steps, applied in order; `PRAGMA user_version` records how many have run. Never edit a shipped step. */
const migrations: string[] = [
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
  // History: who asked (when accounts are on) and the question, searchable without parsing every body.
  `
  ALTER TABLE answers ADD COLUMN owner TEXT;
  ALTER TABLE answers ADD COLUMN question TEXT NOT NULL DEFAULT '';
  UPDATE answers SET question = coalesce(json_extract(body, '$.question'), '');
  CREATE INDEX answers_owner_created ON answers (owner, created_at);
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
