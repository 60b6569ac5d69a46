import { Transform } from "node:stream";
import { UploadTimeoutError } from "@audited-rag/core";

/**
 * A pass-through that fails when no bytes arrive for `idleMs`: a client that stalls mid-upload
 * gives its slot back instead of holding it until the whole-request timeout.
 */
export function idleTimeout(idleMs: number): Transform {
  let timer: NodeJS.Timeout | undefined;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      arm();
      callback(null, chunk);
    },
    flush(callback) {
      clearTimeout(timer);
      callback();
    },
    destroy(error, callback) {
      clearTimeout(timer);
      callback(error);
    },
  });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stream.destroy(new UploadTimeoutError(`The upload stalled: no data arrived for ${Math.round(idleMs / 1000)} s.`));
    }, idleMs);
  };
  arm();
  return stream;
}
