import { z } from "zod";

const answerableSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  answerable: z.literal(true),
  /** generated: evaluation/fixtures/eval-documents.ts; corpus: a PDF in ../shared/corpus. */
  source: z.enum(["generated", "corpus"]),
  /** Filename of the document that answers it. */
  document: z.string().min(1),
  /** 1-based PDF page indices that state the gold fact. */
  pages: z.array(z.number().int().positive()).min(1),
  /** A short phrase that a correct claim's quote must contain (compared after normalisation). */
  gold: z.string().min(1),
});

const unanswerableSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  answerable: z.literal(false),
});

export const evalQuestionSchema = z.discriminatedUnion("answerable", [answerableSchema, unanswerableSchema]);
export type EvalQuestion = z.infer<typeof evalQuestionSchema>;
export type AnswerableQuestion = z.infer<typeof answerableSchema>;

const questionSetSchema = z.object({
  description: z.string().optional(),
  version: z.number().int().positive(),
  questions: z.array(evalQuestionSchema).min(1),
});
export type QuestionSet = z.infer<typeof questionSetSchema>;

/** Validates a parsed eval-questions.json. */
export function parseQuestionSet(value: unknown): QuestionSet {
  return questionSetSchema.parse(value);
}
