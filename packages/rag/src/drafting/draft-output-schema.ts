import { z } from "zod";

/** A citation as models write it: `1`, `"1"` or `"[1]"`. */
const citationSchema = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\s*\[?\s*\d+\s*\]?\s*$/)
    .transform((value) => Number.parseInt(value.replace(/\D/g, ""), 10)),
]);

/**
 * What one drafted part must look like after lenient JSON parsing. Citations are only
 * checked to be integers here; whether they name a passage is the pipeline's check.
 */
export const draftOutputSchema = z.object({
  abstain: z.boolean(),
  claims: z.array(
    z.object({
      text: z.string(),
      quote: z.string(),
      citations: z.union([z.array(citationSchema), citationSchema.transform((id) => [id])]),
    }),
  ),
});
export type DraftOutput = z.infer<typeof draftOutputSchema>;

/**
 * The JSON schema sent as Ollama's `format` for one part, so the model's output is
 * constrained to the draft shape; citations are limited to the part's passage ids.
 */
export function draftOutputJsonSchema(localIds: number[]): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      abstain: { type: "boolean" },
      claims: {
        type: "array",
        items: {
          type: "object",
          properties: {
            text: { type: "string" },
            quote: { type: "string" },
            citations: { type: "array", items: { type: "integer", enum: localIds }, minItems: 1 },
          },
          required: ["text", "quote", "citations"],
          additionalProperties: false,
        },
      },
    },
    required: ["abstain", "claims"],
    additionalProperties: false,
  };
}
