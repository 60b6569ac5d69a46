import { z } from "zod";
import { jevModeSchema } from "./audit";

/** Error body of every failed API call (contract). */
export const errorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const componentHealthSchema = z.object({
  status: z.enum(["ok", "degraded", "disabled"]),
  detail: z.string().optional(),
  model: z.string().optional(),
});
export type ComponentHealth = z.infer<typeof componentHealthSchema>;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  components: z.record(z.string(), componentHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;

export const publicConfigSchema = z.object({
  jevMode: jevModeSchema,
  jevModel: z.string(),
  /** Which auditor checks claims: TypeSafe's hosted Jev or a model on the local Ollama. */
  auditor: z.enum(["jev", "ollama"]).optional(),
  threshold: z.number(),
  budgetMs: z.number(),
  generator: z.string(),
  embedder: z.string(),
  vectorStore: z.string(),
  maxUploadBytes: z.number(),
  /** How pages without a text layer are read, the languages OCR reads and the language packs installed. */
  ocr: z
    .object({ mode: z.enum(["auto", "off", "force"]), languages: z.array(z.string()), installed: z.array(z.string()) })
    .optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
