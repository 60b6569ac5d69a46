/** The browser app's addresses: the workspace, one stored answer, the history list. */
export type AppRoute = { name: "home" } | { name: "answer"; id: string } | { name: "history" };

const answerPath = /^\/answers\/([^/]+)\/?$/;

/** Reads a route from a location; an old `#answer=<id>` link still opens its answer. */
export function parseRoute(pathname: string, hash = ""): AppRoute {
  const match = answerPath.exec(pathname);
  if (match?.[1]) {
    const id = safeDecode(match[1]).trim();
    if (id !== "") return { name: "answer", id };
  }
  if (pathname === "/history" || pathname === "/history/") return { name: "history" };
  if (hash.startsWith("#answer=")) {
    const id = safeDecode(hash.slice("#answer=".length)).trim();
    if (id !== "") return { name: "answer", id };
  }
  return { name: "home" };
}

/** The path of a route. */
export function routePath(route: AppRoute): string {
  if (route.name === "answer") return `/answers/${encodeURIComponent(route.id)}`;
  if (route.name === "history") return "/history";
  return "/";
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return "";
  }
}
