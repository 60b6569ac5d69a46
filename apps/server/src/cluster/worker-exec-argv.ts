import type { WorkerRole } from "./primary";

/**
 * V8's semi-space (half the young generation) of the worker that owns ingestion, in MB. Reading a
 * 1,000-page PDF and its passages makes garbage at a high survival rate, and V8 grows its default
 * nursery (up to 16 MB a semi-space) on it: that worker then peaked about 100 MB higher (500 against
 * 395 MB, evaluation/bench-ingest-rss.ts) with no faster ingest or asks. The extraction threads'
 * nursery is kept small for the same reason (ingest/extract-thread.ts).
 */
export const ownerSemiSpaceMb = 4;

const semiSpaceFlag = "--max-semi-space-size";

/**
 * The Node options a worker of `role` is forked with: the primary's own (its loaders), and for the
 * owner a small nursery unless the operator chose one in `execArgv` or NODE_OPTIONS.
 */
export function workerExecArgv(role: WorkerRole, execArgv: readonly string[], nodeOptions = ""): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some(
    (option) => option === semiSpaceFlag || option.startsWith(`${semiSpaceFlag}=`),
  );
  return role === "owner" && !chosen ? [...execArgv, `${semiSpaceFlag}=${ownerSemiSpaceMb}`] : [...execArgv];
}
