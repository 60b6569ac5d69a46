import { NotFoundError } from "@audited-rag/core";

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Route ids are opaque but bounded, so a hostile path never reaches SQL or the file system unchecked. */
export function parseId(params: unknown, what: string): string {
  const id = typeof params === "object" && params !== null && "id" in params ? String(params.id) : "";
  if (!idPattern.test(id)) throw new NotFoundError(`No ${what} with id ${JSON.stringify(id.slice(0, 80))}`);
  return id;
}
