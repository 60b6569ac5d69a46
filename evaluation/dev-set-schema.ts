import { z } from "zod";

/** The question kinds the dev set is balanced over (see issue 10). */
export const devCategories = [
  "table-list",
  "reworded",
  "two-fact",
  "number-definition",
  "unanswerable",
  "plain",
] as const;
export type DevCategory = (typeof devCategories)[number];

const factSchema = z.object({
  /** JS regex source, matched case-insensitively against a claim's text and quote. */
  pattern: z.string().min(1),
  /** 1-based PDF page indices (as `pdftotext -f N -l N` counts them) that state the fact. */
  pages: z.array(z.number().int().positive()).min(1),
  /** The text as pdftotext prints it, for humans reading a miss. */
  evidence: z.string(),
});
export type DevFact = z.infer<typeof factSchema>;

const questionSchema = z.object({
  id: z
    .string()
    .min(1)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id must be kebab-case"),
  /** Path relative to ../shared/corpus. */
  document: z.string().min(1),
  question: z.string().trim().min(1),
  category: z.enum(devCategories),
  facts: z.array(factSchema),
  note: z.string().optional(),
});
export type DevQuestion = z.infer<typeof questionSchema>;

/** One writer's file, e.g. dev-set/questions-a.json (format: /work/devset-drafts/SCHEMA.md). */
export const devSetFileSchema = z.object({
  writer: z.string().min(1),
  questions: z.array(questionSchema).min(1),
});
export type DevSetFile = z.infer<typeof devSetFileSchema>;

/** A question as the eval uses it: the writer it came from and each fact's compiled pattern. */
export interface LoadedDevQuestion extends DevQuestion {
  writer: string;
  patterns: RegExp[];
}

export class DevSetError extends Error {
  constructor(readonly problems: string[]) {
    super(`The dev set is invalid:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** Compiles a fact pattern the way the scorer applies it: case-insensitive, Unicode-aware. */
export function compileFactPattern(pattern: string): RegExp {
  return new RegExp(pattern, "iu");
}

/**
 * Validates parsed writer files (name → parsed JSON) and checks what zod cannot: ids unique
 * across files, every pattern compiles, unanswerable questions have no facts and the others
 * some, a two-fact question has at least two. Every problem is listed at once.
 */
export function loadDevSet(files: Array<{ name: string; content: unknown }>): LoadedDevQuestion[] {
  const problems: string[] = [];
  const questions: LoadedDevQuestion[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const parsed = devSetFileSchema.safeParse(file.content);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${file.name}: ${issue.path.join(".")}: ${issue.message}`);
      continue;
    }
    for (const question of parsed.data.questions) {
      const where = `${file.name}: ${question.id}`;
      const earlier = seen.get(question.id);
      if (earlier !== undefined) problems.push(`${where}: id already used in ${earlier}`);
      seen.set(question.id, file.name);
      if (question.category === "unanswerable" && question.facts.length > 0) {
        problems.push(`${where}: an unanswerable question has no facts`);
      }
      if (question.category !== "unanswerable" && question.facts.length === 0) {
        problems.push(`${where}: an answerable question needs at least one fact`);
      }
      if (question.category === "two-fact" && question.facts.length < 2) {
        problems.push(`${where}: a two-fact question needs two facts`);
      }
      const patterns: RegExp[] = [];
      for (const [index, fact] of question.facts.entries()) {
        try {
          patterns.push(compileFactPattern(fact.pattern));
        } catch (error) {
          problems.push(`${where}: fact ${index + 1} pattern does not compile: ${(error as Error).message}`);
        }
      }
      questions.push({ ...question, writer: parsed.data.writer, patterns });
    }
  }
  if (problems.length > 0) throw new DevSetError(problems);
  return questions;
}

/** The questions an `--only <id-prefix>` / `--category <c>` selection keeps. */
export function selectQuestions<T extends Pick<DevQuestion, "id" | "category">>(
  questions: T[],
  filter: { idPrefix?: string; category?: DevCategory },
): T[] {
  return questions.filter(
    (question) =>
      (filter.idPrefix === undefined || question.id.startsWith(filter.idPrefix)) &&
      (filter.category === undefined || question.category === filter.category),
  );
}
