import { isLoopbackAddress } from "./loopback";

export type StartupVerdict =
  | { kind: "ok" }
  /** Listen, then tell the person at the console where to create the first admin. */
  | { kind: "setup"; message: (url: string) => string }
  | { kind: "refuse"; message: string };

/** What to do at boot given login mode, bound address and whether any account exists. */
export function startupVerdict(input: { authEnabled: boolean; host: string; userCount: number }): StartupVerdict {
  if (!input.authEnabled || input.userCount > 0) return { kind: "ok" };
  if (isLoopbackAddress(input.host, { names: true })) {
    return {
      kind: "setup",
      message: (url) =>
        `No account exists yet. Open ${url}/setup in a browser on this machine to create the first admin ` +
        "(or run `npm run user:add -- --admin NAME`).",
    };
  }
  return {
    kind: "refuse",
    message:
      `Refusing to start on HOST=${input.host}: login is on and no account exists yet, so nobody could sign in ` +
      "and the setup page only opens from this machine. Create the first admin with " +
      "`npm run user:add -- --admin NAME` (it asks for a password), or start once with HOST=127.0.0.1 and " +
      "open the printed setup address, then start again.",
  };
}
