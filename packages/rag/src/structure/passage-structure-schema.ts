import { z } from "zod";
import type { PassageStructure } from "./passage-structure";

// Validates stored structure on read, like every other JSON column of the store.
const span = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });
const block = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("heading"), span, level: z.number().int().positive().optional() }),
  z.object({ kind: z.literal("paragraph"), span }),
  z.object({ kind: z.literal("list-item"), span, leadIn: z.string().optional(), marker: z.string().optional() }),
  z.object({
    kind: z.literal("table-row"),
    span,
    cells: z.array(span),
    headers: z.array(z.string()),
    caption: z.string().optional(),
  }),
]);

export const passageStructureSchema: z.ZodType<PassageStructure> = z.object({
  headings: z.array(z.string()),
  blocks: z.array(block),
  runningLines: z.array(z.string()).optional(),
});
