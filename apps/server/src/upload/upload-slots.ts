/** What the upload route needs: a slot or a refusal; a cluster worker asks its primary. */
export interface UploadGate {
  readonly capacity: number;
  /** A release function (safe to call twice), or undefined when every slot is taken. */
  tryAcquire(): Promise<(() => void) | undefined> | (() => void) | undefined;
}

/**
 * Counts uploads being received or processed for a waiting client, so a flood of slow
 * uploads cannot hold every connection, file handle and worker at once.
 */
export class UploadSlots implements UploadGate {
  #inUse = 0;

  constructor(readonly capacity: number) {}

  get inUse(): number {
    return this.#inUse;
  }

  /** A release function (safe to call twice), or undefined when every slot is taken. */
  tryAcquire(): (() => void) | undefined {
    if (this.#inUse >= this.capacity) return undefined;
    this.#inUse += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inUse -= 1;
    };
  }
}
