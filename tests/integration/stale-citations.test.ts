import { askResponseSchema } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

const question = "How long is the cancellation period?";
const policy = [["Cancellation policy. Customers can cancel their subscription within thirty days of purchase."]];
const revised = [["Cancellation policy. Customers can cancel their subscription within fourteen days of purchase."]];

describe("stale citations and the file endpoint", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test?.close());

  async function upload(pages: string[][], filename: string): Promise<string> {
    const { payload, headers } = multipartFile(await makeTextPdf(pages), filename);
    const response = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
    return response.json().document.id;
  }
  const ask = async () =>
    askResponseSchema.parse((await test.app.inject({ method: "POST", url: "/api/ask", payload: { question } })).json());
  const shown = async (id: string) =>
    askResponseSchema.parse((await test.app.inject({ method: "GET", url: `/api/answers/${id}` })).json());

  it("serves the original with a strong ETag and no-cache, answers 304 to a matching revalidation, 404 once deleted", async () => {
    const id = await upload(policy, "etag.pdf");
    const first = await test.app.inject({ method: "GET", url: `/api/documents/${id}/file` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await test.app.inject({
      method: "GET",
      url: `/api/documents/${id}/file`,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await test.app.inject({
      method: "GET",
      url: `/api/documents/${id}/file`,
      headers: { "if-none-match": '"something-else"' },
    });
    expect(other.statusCode).toBe(200);

    await test.app.inject({ method: "DELETE", url: `/api/documents/${id}` });
    const revalidated = await test.app.inject({
      method: "GET",
      url: `/api/documents/${id}/file`,
      headers: { "if-none-match": etag },
    });
    expect(revalidated.statusCode).toBe(404);
    expect(revalidated.json().error.code).toBe("NOT_FOUND");
  });

  it("marks an old answer's citations deleted, then replaced when a file of the same name comes back", async () => {
    const id = await upload(policy, "policy.pdf");
    const answer = await ask();
    expect(answer.parts[0]?.claims.length).toBeGreaterThan(0);
    expect((await shown(answer.id)).ledger.every((entry) => entry.stale === undefined)).toBe(true);

    await test.app.inject({ method: "DELETE", url: `/api/documents/${id}` });
    const afterDelete = await shown(answer.id);
    expect(afterDelete.ledger.map((entry) => entry.stale)).toEqual(afterDelete.ledger.map(() => "deleted"));
    // The stored answer is unchanged: the mark is computed when it is shown.
    expect(afterDelete.parts).toEqual(answer.parts);

    await upload(revised, "policy.pdf");
    const afterReplace = await shown(answer.id);
    expect(afterReplace.ledger.map((entry) => entry.stale)).toEqual(afterReplace.ledger.map(() => "replaced"));
  });
});
