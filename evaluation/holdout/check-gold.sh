#!/usr/bin/env bash
# Checks the held-out gold without asking the engine anything: the question files pass the dev-set
# loader (evaluation/dev-set-schema.ts), and every fact's pattern matches poppler's text of EVERY page
# it lists (default or -layout rendering, folded as the eval's judge folds it: whitespace collapsed,
# line-end hyphens joined, ligatures and quotes folded). Usage: check-gold.sh [CORPUS_DIR [QUESTIONS_DIR]]
# (QUESTIONS_DIR defaults to this folder: every questions-*.json file in it is checked).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
corpus="$(cd "${1:-/work/holdout-corpus}" && pwd)"
questions="$(cd "${2:-$here}" && pwd)"
cd "$repo"
HOLDOUT_DIR="$questions" HOLDOUT_CORPUS="$corpus" node --import tsx -e '
import("./evaluation/dev-set-schema.ts").then(async ({ loadDevSet }) => {
  const { factMatches } = await import("./evaluation/text-judge.ts");
  const { readdirSync, readFileSync, existsSync } = await import("node:fs");
  const { execFileSync } = await import("node:child_process");
  const path = await import("node:path");
  const dir = process.env.HOLDOUT_DIR, corpus = process.env.HOLDOUT_CORPUS;
  const files = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  const questions = loadDevSet(files.map((n) => ({ name: n, content: JSON.parse(readFileSync(path.join(dir, n), "utf8")) })));
  const cache = new Map();
  const page = (doc, p) => {
    const key = doc + "#" + p;
    if (!cache.has(key)) {
      const pdf = path.join(corpus, doc);
      const run = (extra) => execFileSync("pdftotext", [...extra, "-f", String(p), "-l", String(p), pdf, "-"], { encoding: "utf8" });
      cache.set(key, [run([]), run(["-layout"])]);
    }
    return cache.get(key);
  };
  let problems = 0;
  const counts = {};
  for (const q of questions) {
    const k = q.writer + " " + q.category;
    counts[k] = (counts[k] ?? 0) + 1;
    if (!existsSync(path.join(corpus, q.document))) { console.log(`MISSING ${q.document} (${q.id})`); problems++; continue; }
    q.facts.forEach((fact, i) => {
      for (const p of fact.pages) {
        if (!factMatches(q.patterns[i], page(q.document, p))) { console.log(`NO MATCH ${q.id} fact ${i + 1} /${fact.pattern}/ on page ${p}`); problems++; }
      }
    });
  }
  console.log(`${questions.length} questions loaded; ${problems} gold problem(s)`);
  for (const [k, n] of Object.entries(counts).sort()) console.log(`  ${k}: ${n}`);
  process.exit(problems === 0 ? 0 : 1);
}).catch((e) => { console.error(e.message ?? e); process.exit(1); });
'
