import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseOr, readBody, sendJson } from "./loopback-http";

/** A request as received, with the OpenAPI schema its body should follow (for contract checks). */
export interface FakeQdrantRecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Name under `components.schemas` of the request body, when the route has one. */
  schema?: string;
}

interface SparseVector {
  indices: number[];
  values: number[];
}

interface StoredPoint {
  id: string | number;
  dense: Map<string, number[]>;
  sparse: Map<string, SparseVector>;
  payload: Record<string, unknown>;
}

export interface FakeQdrantCollection {
  name: string;
  /** The create-collection body as sent. */
  config: Record<string, unknown>;
  payloadIndexes: Map<string, unknown>;
  points: Map<string, StoredPoint>;
}

export interface FakeQdrantServer {
  url: string;
  requests: FakeQdrantRecordedRequest[];
  collections: Map<string, FakeQdrantCollection>;
  /** Upsert requests number `from` (1-based, counted from server start) and later answer `status`. */
  failUpsertsFrom(from: number, status?: number): void;
  /** Every request answers `status` until called with undefined (an outage or broken proxy). */
  setOutage(status: number | undefined): void;
  /** The next `GET /collections/{name}` answers 404 although it exists (a creation race). */
  hideCollectionOnce(name: string): void;
  close(): Promise<void>;
}

export interface FakeQdrantOptions {
  /** When set, requests without this `api-key` header get 401. */
  apiKey?: string;
}

const RRF_K = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts a loopback server implementing the subset of Qdrant's REST API the index uses, in memory. */
export async function startFakeQdrant(options: FakeQdrantOptions = {}): Promise<FakeQdrantServer> {
  const requests: FakeQdrantRecordedRequest[] = [];
  const collections = new Map<string, FakeQdrantCollection>();
  const hidden = new Set<string>();
  let upsertCalls = 0;
  let upsertFailure: { from: number; status: number } | undefined;
  let outage: number | undefined;

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const recorded: FakeQdrantRecordedRequest = {
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw === "" ? undefined : parseOr(raw),
    };
    requests.push(recorded);
    const started = performance.now();
    try {
      if (outage !== undefined) throw new HttpError(outage, "Service unavailable");
      if (options.apiKey !== undefined && req.headers["api-key"] !== options.apiKey) {
        throw new HttpError(401, "Invalid API key or JWT");
      }
      const result = route(recorded);
      if (typeof result === "string") {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(result);
        return;
      }
      sendJson(res, 200, { result, status: "ok", time: (performance.now() - started) / 1000 });
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      sendJson(res, status, { status: { error: error instanceof Error ? error.message : String(error) }, time: 0 });
    }
  });

  function collectionOf(name: string): FakeQdrantCollection {
    const collection = collections.get(name);
    if (!collection) throw new HttpError(404, `Not found: Collection \`${name}\` doesn't exist!`);
    return collection;
  }

  function route(request: FakeQdrantRecordedRequest): unknown {
    const { method, path } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (method === "GET" && path === "/") return { title: "qdrant - vector search engine", version: "1.19.0" };
    if (method === "GET" && path === "/healthz") return "healthz check passed";
    if (method === "GET" && path === "/collections") {
      return { collections: [...collections.keys()].map((name) => ({ name })) };
    }
    const match = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) throw new HttpError(404, `Not found: ${path}`);
    const name = decodeURIComponent(match[1] as string);
    const rest = match[2] ?? "";

    if (rest === "" && method === "GET") {
      if (hidden.delete(name)) throw new HttpError(404, `Not found: Collection \`${name}\` doesn't exist!`);
      const collection = collectionOf(name);
      return {
        status: "green",
        points_count: collection.points.size,
        config: { params: collection.config },
        payload_schema: Object.fromEntries(collection.payloadIndexes),
      };
    }
    if (rest === "" && method === "PUT") {
      request.schema = "CreateCollection";
      if (collections.has(name)) throw new HttpError(409, `Wrong input: Collection \`${name}\` already exists!`);
      collections.set(name, { name, config: body, payloadIndexes: new Map(), points: new Map() });
      return true;
    }
    if (rest === "" && method === "DELETE") return collections.delete(name);
    if (rest === "/index" && method === "PUT") {
      request.schema = "CreateFieldIndex";
      collectionOf(name).payloadIndexes.set(String(body.field_name), body.field_schema);
      return { operation_id: 1, status: "completed" };
    }
    if (rest === "/points" && method === "PUT") {
      request.schema = "PointInsertOperations";
      upsertCalls++;
      if (upsertFailure && upsertCalls >= upsertFailure.from) {
        throw new HttpError(upsertFailure.status, "Service internal error: injected upsert failure");
      }
      upsert(collectionOf(name), body);
      return { operation_id: upsertCalls, status: request.query.wait === "true" ? "completed" : "acknowledged" };
    }
    if (rest === "/points/delete" && method === "POST") {
      request.schema = "PointsSelector";
      const collection = collectionOf(name);
      for (const [key, point] of collection.points) {
        const selected = Array.isArray(body.points)
          ? (body.points as unknown[]).some((id) => String(id) === key)
          : matchesFilter(point, body.filter);
        if (selected) collection.points.delete(key);
      }
      return { operation_id: 1, status: request.query.wait === "true" ? "completed" : "acknowledged" };
    }
    if (rest === "/points/query" && method === "POST") {
      request.schema = "QueryRequest";
      return { points: runQuery(collectionOf(name), body) };
    }
    if (rest === "/points/query/batch" && method === "POST") {
      request.schema = "QueryRequestBatch";
      const collection = collectionOf(name);
      return (body.searches as Array<Record<string, unknown>>).map((search) => ({
        points: runQuery(collection, search),
      }));
    }
    throw new HttpError(404, `Not found: ${method} ${path}`);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    collections,
    failUpsertsFrom(from, status = 500) {
      upsertFailure = { from, status };
    },
    setOutage(status) {
      outage = status;
    },
    hideCollectionOnce(name) {
      hidden.add(name);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function upsert(collection: FakeQdrantCollection, body: Record<string, unknown>): void {
  if (!Array.isArray(body.points))
    throw new HttpError(400, "Format error in JSON body: only a points list is supported");
  const denseConfig = (collection.config.vectors ?? {}) as Record<string, { size?: number }>;
  const sparseConfig = (collection.config.sparse_vectors ?? {}) as Record<string, unknown>;
  for (const raw of body.points as Array<{ id: string | number; vector: Record<string, unknown>; payload?: object }>) {
    if (!(typeof raw.id === "number" && raw.id >= 0) && !(typeof raw.id === "string" && UUID.test(raw.id))) {
      throw new HttpError(400, `Format error in JSON body: value ${String(raw.id)} is not a valid point ID`);
    }
    const point: StoredPoint = { id: raw.id, dense: new Map(), sparse: new Map(), payload: { ...raw.payload } };
    for (const [vectorName, value] of Object.entries(raw.vector ?? {})) {
      if (Array.isArray(value) && denseConfig[vectorName]) {
        const size = denseConfig[vectorName].size;
        if (value.length !== size) {
          throw new HttpError(400, `Wrong input: Vector dimension error: expected dim: ${size}, got ${value.length}`);
        }
        point.dense.set(vectorName, value as number[]);
      } else if (!Array.isArray(value) && vectorName in sparseConfig) {
        point.sparse.set(vectorName, value as SparseVector);
      } else {
        throw new HttpError(400, `Wrong input: Not existing vector name error: ${vectorName}`);
      }
    }
    collection.points.set(String(raw.id), point);
  }
}

function conditionsOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function matchesCondition(point: StoredPoint, condition: unknown): boolean {
  const field = condition as { key?: string; match?: { value?: unknown; any?: unknown[]; except?: unknown[] } };
  if (field.key === undefined) return matchesFilter(point, condition);
  const actual = point.payload[field.key];
  if (field.match?.value !== undefined) return actual === field.match.value;
  if (field.match?.any !== undefined) return field.match.any.includes(actual);
  if (field.match?.except !== undefined) return !field.match.except.includes(actual);
  throw new HttpError(400, "Format error in JSON body: unsupported condition in the fake");
}

function matchesFilter(point: StoredPoint, filter: unknown): boolean {
  if (filter === undefined || filter === null) return true;
  const { must, should, must_not: mustNot } = filter as Record<string, unknown>;
  const shouldList = conditionsOf(should);
  return (
    conditionsOf(must).every((condition) => matchesCondition(point, condition)) &&
    (shouldList.length === 0 || shouldList.some((condition) => matchesCondition(point, condition))) &&
    !conditionsOf(mustNot).some((condition) => matchesCondition(point, condition))
  );
}

interface Scored {
  point: StoredPoint;
  score: number;
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
    normA += (a[i] as number) ** 2;
    normB += (b[i] as number) ** 2;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Qdrant's BM25-style idf over the points holding this sparse vector. */
function idf(collection: FakeQdrantCollection, using: string, index: number): number {
  let total = 0;
  let holding = 0;
  for (const point of collection.points.values()) {
    const vector = point.sparse.get(using);
    if (!vector) continue;
    total++;
    if (vector.indices.includes(index)) holding++;
  }
  return Math.log((total - holding + 0.5) / (holding + 0.5) + 1);
}

function nearest(collection: FakeQdrantCollection, request: Record<string, unknown>): Scored[] {
  const using = typeof request.using === "string" ? request.using : "";
  let query = request.query as unknown;
  if (query && typeof query === "object" && "nearest" in query) query = (query as { nearest: unknown }).nearest;
  const candidates = [...collection.points.values()].filter((point) => matchesFilter(point, request.filter));
  if (Array.isArray(query)) {
    if (!(collection.config.vectors as Record<string, unknown>)?.[using]) {
      throw new HttpError(400, `Wrong input: Not existing vector name error: ${using}`);
    }
    return candidates.flatMap((point) => {
      const vector = point.dense.get(using);
      return vector ? [{ point, score: cosine(query as number[], vector) }] : [];
    });
  }
  const sparse = query as SparseVector;
  const modifier = ((collection.config.sparse_vectors ?? {}) as Record<string, { modifier?: string }>)[using]?.modifier;
  return candidates.flatMap((point) => {
    const vector = point.sparse.get(using);
    if (!vector) return [];
    let score = 0;
    let overlap = false;
    sparse.indices.forEach((index, position) => {
      const at = vector.indices.indexOf(index);
      if (at === -1) return;
      overlap = true;
      const weight = modifier === "idf" ? idf(collection, using, index) : 1;
      score += (sparse.values[position] as number) * (vector.values[at] as number) * weight;
    });
    return overlap ? [{ point, score }] : [];
  });
}

function runScored(collection: FakeQdrantCollection, request: Record<string, unknown>): Scored[] {
  const limit = typeof request.limit === "number" ? request.limit : 10;
  let scored: Scored[];
  if (request.prefetch) {
    const lists = conditionsOf(request.prefetch).map((prefetch) =>
      runScored(collection, prefetch as Record<string, unknown>),
    );
    if ((request.query as { fusion?: string } | undefined)?.fusion !== "rrf") {
      throw new HttpError(400, "Format error in JSON body: the fake only fuses prefetches with rrf");
    }
    const fused = new Map<string, Scored>();
    for (const list of lists) {
      list.forEach(({ point }, position) => {
        const key = String(point.id);
        const entry = fused.get(key) ?? { point, score: 0 };
        entry.score += 1 / (RRF_K + position + 1);
        fused.set(key, entry);
      });
    }
    scored = [...fused.values()];
  } else {
    scored = nearest(collection, request);
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, limit);
}

function runQuery(collection: FakeQdrantCollection, request: Record<string, unknown>): unknown[] {
  const withPayload = request.with_payload;
  return runScored(collection, request).map(({ point, score }) => {
    let payload: Record<string, unknown> | undefined;
    if (withPayload === true) payload = point.payload;
    else if (Array.isArray(withPayload)) {
      payload = Object.fromEntries(withPayload.map((key: string) => [key, point.payload[key]]));
    }
    return { id: point.id, version: 0, score, ...(payload ? { payload } : {}) };
  });
}
