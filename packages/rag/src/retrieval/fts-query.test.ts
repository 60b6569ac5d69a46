import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { buildFtsQuery, ftsIndexText, indexStem, indexStems, maxQueryTerms } from "./fts-query";

function searchable(texts: string[]) {
  const database = new BetterSqlite3(":memory:");
  database.exec("CREATE VIRTUAL TABLE t USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2')");
  const insert = database.prepare("INSERT INTO t (text) VALUES (?)");
  for (const text of texts) insert.run(ftsIndexText(text));
  return (question: string): string[] => {
    const query = buildFtsQuery(question);
    if (!query) return [];
    const rows = database.prepare("SELECT text FROM t WHERE t MATCH ? ORDER BY bm25(t)").all(query) as {
      text: string;
    }[];
    return rows.map((row) => row.text);
  };
}

describe("buildFtsQuery", () => {
  it("quotes each distinct lower-cased word and ORs them", () => {
    expect(buildFtsQuery("Refund policy? refund!")).toBe('"refund" OR "policy"');
  });

  it("leaves out function words unless nothing else is left", () => {
    expect(buildFtsQuery("What is the block size of AES?")).toBe('"block" OR "size" OR "aes"');
    expect(buildFtsQuery("Who is it?")).toBe('"who" OR "is" OR "it"');
  });

  it("also searches a hyphenated word joined, as documents print it either way", () => {
    expect(buildFtsQuery("How long did pre-training take?")).toBe(
      '"long" OR "pre" OR "training" OR "take" OR "pretraining"',
    );
    expect(buildFtsQuery("A state-of-the-art model")).toBe('"state" OR "art" OR "model" OR "stateoftheart"');
  });

  it("returns undefined when there is nothing to search for", () => {
    expect(buildFtsQuery("")).toBeUndefined();
    expect(buildFtsQuery(' "" ** -- () ^ : ')).toBeUndefined();
  });

  it("caps the number of terms", () => {
    const words = Array.from({ length: 100 }, (_, index) => `w${index}`).join(" ");
    expect(buildFtsQuery(words)?.split(" OR ")).toHaveLength(maxQueryTerms);
  });

  it.each([
    'refund" OR text:*',
    "NEAR(refund policy, 2)",
    "refund AND -policy",
    "refund* ^policy",
    "text : refund",
    '"unbalanced refund',
    "refund\u0000policy",
    "{text} : refund",
  ])("never lets operators through: %s", (hostile) => {
    const search = searchable(["The refund policy allows thirty days.", "Unrelated notes about Milan."]);
    expect(() => search(hostile)).not.toThrow();
    expect(search(hostile)[0]).toBe("The refund policy allows thirty days.");
  });

  it("treats operator words as plain words", () => {
    const search = searchable(["Stay NEAR the exit and OR gate.", "Nothing here."]);
    expect(search("near")).toEqual(["Stay NEAR the exit and OR gate."]);
    expect(search("OR")).toEqual(["Stay NEAR the exit and OR gate."]);
    expect(search("AND")).toEqual(["Stay NEAR the exit and OR gate."]);
  });

  it("matches accents, other scripts and stems", () => {
    const search = searchable(["Le café est fermé le lundi.", "東京 の 営業 時間", "Customers cancelled orders."]);
    expect(search("cafe ferme")).toEqual(["Le café est fermé le lundi."]);
    expect(search("東京")).toEqual(["東京 の 営業 時間"]);
    expect(search("cancel order")).toEqual(["Customers cancelled orders."]);
  });

  it("normalises compatibility forms such as full-width letters", () => {
    expect(buildFtsQuery("ＲＥＦＵＮＤ")).toBe('"refund"');
  });
});

describe("ftsIndexText", () => {
  it("joins words hyphenated across a line end but keeps real hyphens", () => {
    expect(ftsIndexText("a representa-\ntion of state-of-the-art")).toBe("a representation of state-of-the-art");
    expect(ftsIndexText("pre-\nTrained")).toBe("pre-\nTrained");
  });

  it("lets a hyphenated word be found whole", () => {
    const search = searchable(["a language representa-\ntion model"]);
    expect(search("representation")).toHaveLength(1);
  });
});

describe("indexStems", () => {
  it("gives the words FTS5's porter table keeps for the same text", () => {
    const text =
      "Manual pages are compressed with “gzip -9” when installed; Café prices rose 14% in Q3 2024 (naïve estimates). Running runners ran.";
    const database = new BetterSqlite3(":memory:");
    database.exec("CREATE VIRTUAL TABLE t USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2')");
    database.exec("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')");
    database.prepare("INSERT INTO t (text) VALUES (?)").run(text);
    const kept = database.prepare("SELECT term FROM v").pluck().all() as string[];
    expect([...indexStems(text)].sort()).toEqual(kept.sort());
  });

  it("stems a question word as the table stems the same word in a chunk", () => {
    expect(indexStem("Compressed")).toBe("compress");
    expect(indexStem("naïve")).toBe("naiv");
    expect(indexStem("2024")).toBe("2024");
  });
});
