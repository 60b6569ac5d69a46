import type { Database, Statement } from "better-sqlite3";

const caches = new WeakMap<Database, Map<string, Statement>>();

/**
 * The prepared statement for `sql` on this connection, prepared once and kept for its life:
 * preparing is a parse and plan each time, several per ask. Only for statements run with
 * `get`, `all` or `run` in the default row mode; a statement switched to `pluck` or `raw`, or
 * iterated while another call may run it, needs a `prepare` of its own.
 */
export function prepared(database: Database, sql: string): Statement {
  let cache = caches.get(database);
  if (cache === undefined) {
    cache = new Map();
    caches.set(database, cache);
  }
  let statement = cache.get(sql);
  if (statement === undefined) {
    statement = database.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
