import { extractPdf } from "./extract-pdf";
for (const f of process.argv.slice(2)) {
  const t0 = performance.now();
  try {
    const r = await extractPdf(f, { timeoutMs: 10000 });
    console.log(f, r.pageCount, r.pages.length, r.warnings, r.pages.reduce((n, p) => n + p.text.length, 0), Math.round(performance.now() - t0));
    if (process.env.SHOW) console.log(r.pages[0]?.text.slice(0, 1500));
  } catch (e) { console.log(f, "ERR", (e as Error).name, (e as Error).message, Math.round(performance.now() - t0)); }
}
