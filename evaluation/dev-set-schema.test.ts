import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DevSetError, loadDevSet, selectQuestions } from "./dev-set-schema";

const here = path.dirname(fileURLToPath(import.meta.url));
const fact = { pattern: "\\b14\\b", pages: [18], evidence: "AES-256 8 4 14" };
const question = (overrides: Record<string, unknown> = {}) => ({
  id: "fips-rounds",
  document: "NIST.FIPS.197.pdf",
  question: "How many rounds?",
  category: "table-list",
  facts: [fact],
  note: "n",
  ...overrides,
});

function problems(content: unknown): string[] {
  try {
    loadDevSet([{ name: "q.json", content }]);
  } catch (error) {
    if (error instanceof DevSetError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadDevSet", () => {
  it("loads a writer file and compiles each pattern case-insensitively", () => {
    const [loaded] = loadDevSet([{ name: "q.json", content: { writer: "a", questions: [question()] } }]);
    expect(loaded?.writer).toBe("a");
    expect(loaded?.patterns[0]?.flags).toContain("i");
    expect(loaded?.patterns[0]?.test("NR = 14")).toBe(true);
  });

  it("lists every problem at once", () => {
    const found = problems({
      writer: "a",
      questions: [
        question(),
        question(),
        question({ id: "bad-regex", facts: [{ ...fact, pattern: "(14" }] }),
        question({ id: "gap", category: "unanswerable" }),
        question({ id: "no-facts", facts: [] }),
        question({ id: "one", category: "two-fact" }),
        question({ id: "Not_Kebab" }),
        question({ id: "cat", category: "trivia" }),
        question({ id: "page", facts: [{ ...fact, pages: [0] }] }),
      ],
    });
    expect(found).toEqual([
      expect.stringMatching(/^q\.json: questions\.6\.id: id must be kebab-case/),
      expect.stringMatching(/^q\.json: questions\.7\.category: /),
      expect.stringMatching(/^q\.json: questions\.8\.facts\.0\.pages\.0: /),
    ]);
    const semantic = problems({
      writer: "a",
      questions: [
        question(),
        question(),
        question({ id: "bad-regex", facts: [{ ...fact, pattern: "(14" }] }),
        question({ id: "gap", category: "unanswerable" }),
        question({ id: "no-facts", facts: [] }),
        question({ id: "one", category: "two-fact" }),
      ],
    });
    expect(semantic).toEqual([
      "q.json: fips-rounds: id already used in q.json",
      expect.stringMatching(/^q\.json: bad-regex: fact 1 pattern does not compile/),
      "q.json: gap: an unanswerable question has no facts",
      "q.json: no-facts: an answerable question needs at least one fact",
      "q.json: one: a two-fact question needs two facts",
    ]);
  });

  it("finds an id used in two files", () => {
    expect(() =>
      loadDevSet([
        { name: "a.json", content: { writer: "a", questions: [question()] } },
        { name: "b.json", content: { writer: "b", questions: [question()] } },
      ]),
    ).toThrow("b.json: fips-rounds: id already used in a.json");
  });
});

describe("selectQuestions", () => {
  const set = [
    { id: "fips-rounds", category: "table-list" as const },
    { id: "fips-gap", category: "unanswerable" as const },
    { id: "jwt-type", category: "table-list" as const },
  ];
  it("keeps questions by id prefix and category", () => {
    expect(selectQuestions(set, { idPrefix: "fips" }).map((q) => q.id)).toEqual(["fips-rounds", "fips-gap"]);
    expect(selectQuestions(set, { category: "table-list" }).map((q) => q.id)).toEqual(["fips-rounds", "jwt-type"]);
    expect(selectQuestions(set, { idPrefix: "fips", category: "table-list" }).map((q) => q.id)).toEqual([
      "fips-rounds",
    ]);
  });
});

describe("the committed dev set and the development fixture", () => {
  const devSet = path.join(here, "dev-set");
  const files = existsSync(devSet) ? readdirSync(devSet).filter((name) => name.endsWith(".json")) : [];
  const read = (file: string) => ({ name: path.basename(file), content: JSON.parse(readFileSync(file, "utf8")) });

  it("the sample fixture is valid", () => {
    expect(loadDevSet([read(path.join(here, "fixtures/dev-set-sample.json"))]).length).toBeGreaterThan(0);
  });

  it.skipIf(files.length === 0)("every evaluation/dev-set file is valid and ids are unique across them", () => {
    const questions = loadDevSet(files.map((name) => read(path.join(devSet, name))));
    expect(questions.length).toBeGreaterThan(0);
  });

  it("the held-out set is valid, and shares no question id or document with the dev set", () => {
    const holdout = path.join(here, "holdout");
    const held = loadDevSet(
      readdirSync(holdout)
        .filter((name) => name.endsWith(".json"))
        .map((name) => read(path.join(holdout, name))),
    );
    expect(held.length).toBe(324);
    const dev = loadDevSet(files.map((name) => read(path.join(devSet, name))));
    const devIds = new Set(dev.map((question) => question.id));
    const devDocuments = new Set(dev.map((question) => path.basename(question.document)));
    expect(held.filter((question) => devIds.has(question.id))).toEqual([]);
    expect(held.filter((question) => devDocuments.has(path.basename(question.document)))).toEqual([]);
  });
});
