import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";

/** `../shared/specs/qdrant-openapi.json` resolved from the repository root. */
export const QDRANT_OPENAPI_PATH = fileURLToPath(new URL("../../../shared/specs/qdrant-openapi.json", import.meta.url));

export const qdrantSpecAvailable = existsSync(QDRANT_OPENAPI_PATH);

/** Validates a request body against `components.schemas[name]`; returns readable problems, none when valid. */
export type QdrantBodyValidator = (schemaName: string, body: unknown) => string[];

/**
 * OpenAPI 3.0 writes "may be null" as `nullable: true`, often on a schema with no `type`
 * (`anyOf: [{$ref}, {nullable: true}]`), which ajv's `nullable` keyword refuses. Rewrite
 * those to plain JSON Schema; `nullable` next to a `type` is left to ajv.
 */
function normaliseNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normaliseNullable);
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) => [key, normaliseNullable(value)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  if (schema.nullable === true && schema.type === undefined) {
    const { nullable: _nullable, ...rest } = schema;
    if (Object.keys(rest).filter((key) => key !== "description" && key !== "default").length === 0) {
      return { ...rest, type: "null" };
    }
    return { anyOf: [rest, { type: "null" }] };
  }
  return schema;
}

const UNSIGNED_LIMITS: Record<string, number> = {
  uint: Number.MAX_SAFE_INTEGER,
  uint8: 255,
  uint16: 65_535,
  uint32: 4_294_967_295,
  uint64: Number.MAX_SAFE_INTEGER,
};

/** Compiles validators from the Qdrant OpenAPI document; call only when {@link qdrantSpecAvailable}. */
export function createQdrantBodyValidator(): QdrantBodyValidator {
  const document = JSON.parse(readFileSync(QDRANT_OPENAPI_PATH, "utf8")) as { components: unknown };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const [name, max] of Object.entries(UNSIGNED_LIMITS)) {
    ajv.addFormat(name, {
      type: "number",
      validate: (value: number) => Number.isInteger(value) && value >= 0 && value <= max,
    });
  }
  ajv.addFormat("int64", { type: "number", validate: (value: number) => Number.isInteger(value) });
  for (const name of ["float", "double"]) ajv.addFormat(name, { type: "number", validate: () => true });
  ajv.addSchema({ $id: "qdrant", components: normaliseNullable(document.components) });
  return (schemaName, body) => {
    const validate = ajv.getSchema(`qdrant#/components/schemas/${schemaName}`);
    if (!validate) return [`no schema named ${schemaName}`];
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${schemaName}${error.instancePath} ${error.message ?? "is invalid"}`,
    );
  };
}
