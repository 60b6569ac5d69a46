import { InvalidRequestError } from "@audited-rag/core";
import type { z } from "zod";

/** Validates a request body, listing every problem in one readable message. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return `${where}${issue.message}`;
  });
  throw new InvalidRequestError(`Invalid request: ${problems.join("; ")}`);
}
