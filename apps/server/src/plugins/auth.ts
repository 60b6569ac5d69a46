import type { AddressInfo } from "node:net";
import { hostname, networkInterfaces } from "node:os";
import { AuthRequiredError, CrossOriginError, ForbiddenError, HostNotAllowedError } from "@audited-rag/core";
import cookie from "@fastify/cookie";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { AccountService, type AuthenticatedUser } from "../auth/account-service";
import { bearerSecret } from "../auth/api-token";
import { isWildcardAddress } from "../auth/loopback";
import { allowedHosts, checkOrigin, isHostAllowed } from "../auth/request-guard";
import { sessionCookieName } from "../auth/session-cookie";
import type { AppConfig } from "../config";

/** Who may call a route: anyone, any signed-in user (the default under /api), or admins only. */
export type Access = "public" | "user" | "admin";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The account the request acts for; null when login is off or on public routes without
     * credentials. Per-user limits key on `request.user?.id ?? request.ip`.
     */
    user: AuthenticatedUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    accounts: AccountService;
  }
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** This machine's interface addresses and name, which a LAN browser may use to reach a wildcard-bound server. */
function machineNames(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).map((entry) => entry.address.replace(/%.*$/, "")),
  );
  return [...addresses, hostname()];
}

/**
 * Whether the request is for the API. Decided by the matched route, not the raw URL: the router
 * decodes percent-escapes, so `/%61pi/documents` reaches the `/api/documents` route.
 */
function isApi(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  let path = route ?? request.url.split("?")[0] ?? "";
  if (route === undefined) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // A malformed escape never matches a route; keep the raw path.
    }
  }
  return path === "/api" || path.startsWith("/api/");
}

/**
 * Runs before any body is read: the Host allow-list (DNS rebinding), the same-origin check for
 * state-changing requests (CSRF), then who the caller is (session cookie or bearer token) and
 * whether the route allows them.
 */
const auth: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  await app.register(cookie);
  const accounts = new AccountService(app.services.accounts, { sessionMs: config.auth.sessionMs });
  app.decorate("accounts", accounts);
  app.decorateRequest("user", null);

  const names = isWildcardAddress(config.host) ? machineNames() : [];
  let hosts: { port: number; allowed: ReturnType<typeof allowedHosts> } | undefined;
  // The port is read from the socket once listening, since PORT=0 picks a free one. A cluster's
  // workers do not listen (they serve connections their primary accepted): there it is the port
  // the connection came in on.
  const allowedForPort = (request: FastifyRequest) => {
    const address = app.server.address() as AddressInfo | null;
    const port = address && typeof address === "object" ? address.port : (request.socket.localPort ?? config.port);
    if (hosts?.port !== port) {
      hosts = {
        port,
        allowed: allowedHosts({ boundHost: config.host, port, extra: config.auth.allowedHosts, machineNames: names }),
      };
    }
    return hosts.allowed;
  };

  app.addHook("onRequest", async (request) => {
    const defaultPort = request.protocol === "https" ? 443 : 80;
    // HTTP/1.0 clients may send no Host at all; that is refused like a foreign one.
    const host: string | undefined = request.host || undefined;
    if (!isHostAllowed(host, allowedForPort(request), defaultPort)) {
      throw new HostNotAllowedError(
        host === undefined
          ? "Send a Host header naming this server."
          : `This server does not answer to the host name ${JSON.stringify(host.slice(0, 100))}; add it to RAG_ALLOWED_HOSTS if it is yours.`,
      );
    }
    const bearer = bearerSecret(request.headers.authorization);
    if (!safeMethods.has(request.method)) {
      const verdict = checkOrigin({
        origin: request.headers.origin,
        secFetchSite: request.headers["sec-fetch-site"] as string | undefined,
        host,
      });
      if (!verdict.ok) throw new CrossOriginError(`Refused because ${verdict.reason}.`);
      // Without Origin the request is not from a browser page; a cookie alone must not be enough then.
      if (!verdict.browser && config.auth.enabled && bearer === undefined) {
        throw new CrossOriginError(
          "Requests without an Origin header (scripts, curl) must send an API token as 'Authorization: Bearer <token>'.",
        );
      }
    }
    if (!config.auth.enabled || !isApi(request)) return;

    if (bearer !== undefined) {
      const user = accounts.userForToken(bearer);
      if (!user) throw new AuthRequiredError("The API token is not valid: it was revoked or mistyped.");
      request.user = user;
    } else {
      const sessionId = request.cookies[sessionCookieName];
      if (sessionId) request.user = accounts.userForSession(sessionId) ?? null;
    }

    // Every later log line of this request names the account, for the audit trail.
    if (request.user) request.log = request.log.child({ user: request.user.name });
    const access = request.routeOptions.config?.access ?? "user";
    if (access === "public") return;
    if (!request.user) {
      throw new AuthRequiredError("Sign in first, or send an API token as 'Authorization: Bearer <token>'.");
    }
    if (access === "admin" && request.user.role !== "admin") {
      throw new ForbiddenError("Only an admin may do this; your account may ask questions and read documents.");
    }
  });
};

export const authPlugin = fastifyPlugin(auth, { name: "auth", dependencies: ["services"] });
