import { describe, expect, it } from "vitest";
import { LeastConnections } from "./least-connections";

describe("LeastConnections", () => {
  it("splits a burst evenly and sends each new connection to the worker holding fewest", () => {
    const balancer = new LeastConnections<string>();
    balancer.add("a");
    balancer.add("b");
    const burst = Array.from({ length: 200 }, () => balancer.take());
    expect(burst.filter((target) => target === "a")).toHaveLength(100);
    expect(burst.slice(0, 4)).toEqual(["a", "b", "a", "b"]);
    for (let closed = 0; closed < 10; closed++) balancer.closed("b");
    expect(balancer.count("b")).toBe(90);
    expect(Array.from({ length: 10 }, () => balancer.take())).toEqual(Array(10).fill("b"));
    expect(balancer.take()).toBe("a");
  });

  it("never counts below zero, forgets a removed worker and has nobody to offer when empty", () => {
    const balancer = new LeastConnections<number>();
    expect(balancer.take()).toBeUndefined();
    balancer.add(1);
    balancer.closed(1);
    expect(balancer.count(1)).toBe(0);
    balancer.add(2);
    expect(balancer.take()).toBe(1);
    balancer.remove(1);
    expect([balancer.take(), balancer.take()]).toEqual([2, 2]);
    balancer.closed(1);
    expect(balancer.count(1)).toBeUndefined();
    // A worker added again (a replacement) starts from nothing.
    balancer.add(1);
    expect(balancer.take()).toBe(1);
    expect(balancer.size).toBe(2);
  });
});
