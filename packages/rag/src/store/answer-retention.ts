/** How long and how many stored answers are kept; 0 turns a limit off. */
export interface AnswerRetention {
  maxAgeDays: number;
  maxCount: number;
}

/** Pruning runs after this many saves, so it costs one indexed DELETE per batch of asks. */
export const pruneEvery = 100;

const dayMs = 24 * 60 * 60 * 1000;

/** The ISO time before which answers are pruned, or undefined when age is not limited. Pure. */
export function answerCutoff(retention: AnswerRetention, now: Date): string | undefined {
  if (retention.maxAgeDays <= 0) return undefined;
  return new Date(now.getTime() - retention.maxAgeDays * dayMs).toISOString();
}
