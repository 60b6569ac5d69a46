import { randomUUID } from "node:crypto";

/** A multipart/form-data body with one file field, for `app.inject`. */
export function multipartFile(
  bytes: Uint8Array | string,
  filename = "document.pdf",
  field = "file",
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      "Content-Type: application/pdf\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes);
  return {
    payload: Buffer.concat([head, body, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
