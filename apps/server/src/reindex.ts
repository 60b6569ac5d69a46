import { parseConfig } from "./config";
import { reindexStore } from "./reindex-store";

/** `npm run reindex`: rebuilds the vector index from SQLite with the environment's settings. */
async function main(): Promise<void> {
  const started = performance.now();
  const result = await reindexStore(parseConfig(process.env), ({ chunks, documents }) =>
    process.stdout.write(`\rreindexed ${chunks} chunks of ${documents} documents`),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\nreindex done: ${result.chunks} chunks of ${result.documents} documents into ${result.index} in ${seconds} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
