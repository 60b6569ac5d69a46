import { describe, expect, it } from "vitest";
import { parseRoute, routePath } from "./app-route";

describe("parseRoute", () => {
  it("reads answer, history and home routes and round-trips them", () => {
    expect(parseRoute("/answers/abc-1")).toEqual({ name: "answer", id: "abc-1" });
    expect(parseRoute("/history")).toEqual({ name: "history" });
    expect(parseRoute("/")).toEqual({ name: "home" });
    expect(parseRoute("/answers/")).toEqual({ name: "home" });
    for (const route of [{ name: "answer", id: "a b/c" }, { name: "history" }, { name: "home" }] as const) {
      expect(parseRoute(routePath(route))).toEqual(route);
    }
  });

  it("still opens old hash links and ignores malformed escapes", () => {
    expect(parseRoute("/", "#answer=old-id")).toEqual({ name: "answer", id: "old-id" });
    expect(parseRoute("/answers/%E0%A4%A")).toEqual({ name: "home" });
  });
});
