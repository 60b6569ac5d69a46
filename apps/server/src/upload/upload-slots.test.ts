import { describe, expect, it } from "vitest";
import { UploadSlots } from "./upload-slots";

describe("UploadSlots", () => {
  it("hands out at most `capacity` slots and takes each back once", () => {
    const slots = new UploadSlots(2);
    const first = slots.tryAcquire();
    const second = slots.tryAcquire();
    expect(first && second).toBeTypeOf("function");
    expect(slots.tryAcquire()).toBeUndefined();
    first?.();
    first?.();
    expect(slots.inUse).toBe(1);
    expect(slots.tryAcquire()).toBeTypeOf("function");
    expect(slots.tryAcquire()).toBeUndefined();
  });
});
