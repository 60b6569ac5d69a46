import { describe, expect, it } from "vitest";
import { IpcUploadSlots, SlotLedger } from "./ipc-upload-slots";
import type { SlotMessage } from "./messages";

/** Two workers' slot clients wired to one ledger, as the primary routes them. */
function cluster(capacity: number) {
  const ledger = new SlotLedger(capacity);
  const workers = [1, 2].map((id) => {
    const client: IpcUploadSlots = new IpcUploadSlots(capacity, (message: SlotMessage) => {
      queueMicrotask(() => {
        if (message.kind === "slot-acquire")
          client.receive({
            kind: "slot-answer",
            requestId: message.requestId,
            granted: ledger.acquire(message.requestId, id),
          });
        else if (message.kind === "slot-release") ledger.release(message.requestId);
      });
      return true;
    });
    return client;
  });
  return { ledger, workers: workers as [IpcUploadSlots, IpcUploadSlots] };
}

describe("upload slots counted by the primary", () => {
  it("holds the cap across workers and gives a released slot to the next upload", async () => {
    const { ledger, workers } = cluster(3);
    const [first, second] = workers;
    const held = await Promise.all([first.tryAcquire(), second.tryAcquire(), first.tryAcquire()]);
    expect(held.every((release) => typeof release === "function")).toBe(true);
    expect(await second.tryAcquire()).toBeUndefined();
    held[0]?.();
    held[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ledger.inUse).toBe(2);
    expect(await second.tryAcquire()).toBeTypeOf("function");
  });

  it("frees every slot of a worker that died", () => {
    const ledger = new SlotLedger(2);
    expect(ledger.acquire("a", 1)).toBe(true);
    expect(ledger.acquire("b", 2)).toBe(true);
    expect(ledger.acquire("c", 2)).toBe(false);
    ledger.releaseAll(1);
    expect(ledger.acquire("c", 2)).toBe(true);
    expect(ledger.inUse).toBe(2);
  });

  it("refuses when the primary cannot be reached, and returns a grant that came too late", async () => {
    const unreachable = new IpcUploadSlots(2, () => false);
    expect(await unreachable.tryAcquire()).toBeUndefined();
    const sent: SlotMessage[] = [];
    const late = new IpcUploadSlots(2, (message) => {
      sent.push(message);
      return true;
    });
    late.receive({ kind: "slot-answer", requestId: "nobody-waits", granted: true });
    expect(sent).toEqual([{ kind: "slot-release", requestId: "nobody-waits" }]);
  });
});
