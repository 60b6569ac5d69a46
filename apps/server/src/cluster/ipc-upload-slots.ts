import { randomUUID } from "node:crypto";
import type { UploadGate } from "../upload/upload-slots";
import type { SlotMessage } from "./messages";
import { PendingReplies } from "./pending-replies";

// A primary that does not answer this fast is treated as having no slot free.
const answerTimeoutMs = 5_000;

/**
 * A cluster worker's view of the upload slots, which the primary counts for all workers (see
 * `slotMessageSchema`). Acquiring takes one message each way.
 */
export class IpcUploadSlots implements UploadGate {
  private readonly pending = new PendingReplies<boolean>();

  /** `send` posts to the primary and says whether the message could be sent. */
  constructor(
    readonly capacity: number,
    private readonly send: (message: SlotMessage) => boolean,
  ) {}

  async tryAcquire(): Promise<(() => void) | undefined> {
    const requestId = randomUUID();
    const send = () => this.send({ kind: "slot-acquire", requestId });
    if (!(await this.pending.request(requestId, send, answerTimeoutMs, false))) return undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.send({ kind: "slot-release", requestId });
    };
  }

  /** Feeds the primary's answer. */
  receive(message: Extract<SlotMessage, { kind: "slot-answer" }>): void {
    // An answer that came after the timeout: the slot was granted to nobody waiting, so give it back.
    if (!this.pending.settle(message.requestId, message.granted) && message.granted)
      this.send({ kind: "slot-release", requestId: message.requestId });
  }
}

/** The primary's side: one count of slots for all workers, each slot remembered with its holder. */
export class SlotLedger {
  private readonly held = new Map<string, number>();

  constructor(readonly capacity: number) {}

  acquire(requestId: string, worker: number): boolean {
    if (this.held.size >= this.capacity || this.held.has(requestId)) return false;
    this.held.set(requestId, worker);
    return true;
  }

  release(requestId: string): void {
    this.held.delete(requestId);
  }

  /** Gives back every slot of a worker that died. */
  releaseAll(worker: number): void {
    for (const [requestId, holder] of this.held) if (holder === worker) this.held.delete(requestId);
  }

  get inUse(): number {
    return this.held.size;
  }
}
