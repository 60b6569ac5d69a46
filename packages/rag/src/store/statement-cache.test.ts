import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { prepared } from "./statement-cache";

describe("prepared", () => {
  it("prepares a statement once per connection and text, and it stays usable", () => {
    const first = new BetterSqlite3(":memory:");
    const second = new BetterSqlite3(":memory:");
    try {
      for (const database of [first, second]) database.exec("CREATE TABLE t (n INTEGER)");
      const insert = prepared(first, "INSERT INTO t (n) VALUES (?)");
      expect(prepared(first, "INSERT INTO t (n) VALUES (?)")).toBe(insert);
      expect(prepared(second, "INSERT INTO t (n) VALUES (?)")).not.toBe(insert);
      for (const n of [1, 2, 3]) prepared(first, "INSERT INTO t (n) VALUES (?)").run(n);
      expect(prepared(first, "SELECT sum(n) AS total FROM t").get()).toEqual({ total: 6 });
      // A schema change after preparing is picked up: SQLite prepares the statement again itself.
      first.exec("ALTER TABLE t ADD COLUMN m INTEGER DEFAULT 7");
      expect(prepared(first, "SELECT * FROM t LIMIT 1").get()).toEqual({ n: 1, m: 7 });
    } finally {
      first.close();
      second.close();
    }
  });
});
