import {
  credentialsSchema,
  passwordSchema,
  type SessionState,
  SetupUnavailableError,
  type User,
  userNameSchema,
} from "@audited-rag/core";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { isLocalRequest } from "../auth/local-request";
import { sessionCookieName, sessionCookieOptions } from "../auth/session-cookie";
import type { AppConfig } from "../config";
import { parseBody } from "./parse-body";

const setupSchema = z.object({ name: userNameSchema, password: passwordSchema });

/** Session state, first-admin setup, sign-in and sign-out under `/api/auth`. */
export const authRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const publicRoute = { config: { access: "public" as const } };

  app.get("/auth/session", publicRoute, async (request): Promise<SessionState> => {
    if (!config.auth.enabled) return { auth: "off", setupRequired: false, setupAllowed: false, user: null };
    const setupRequired = app.accounts.countUsers() === 0;
    const user = request.user && {
      id: request.user.id,
      name: request.user.name,
      role: request.user.role,
      createdAt: request.user.createdAt,
    };
    return { auth: "on", setupRequired, setupAllowed: setupRequired && isLocalRequest(request), user };
  });

  if (!config.auth.enabled) return;

  const signIn = (request: FastifyRequest, reply: FastifyReply, user: User) => {
    const { sessionId } = app.accounts.startSession(user);
    reply.setCookie(
      sessionCookieName,
      sessionId,
      sessionCookieOptions({ secure: request.protocol === "https", maxAgeMs: config.auth.sessionMs }),
    );
  };

  app.post("/auth/setup", publicRoute, async (request, reply) => {
    // Checked before the body so a remote caller learns nothing but the refusal.
    if (!isLocalRequest(request)) {
      throw new SetupUnavailableError(
        "The first admin can only be created from the server's own machine (http://127.0.0.1), or with `npm run user:add -- --admin NAME`.",
      );
    }
    const body = parseBody(setupSchema, request.body);
    const user = await app.accounts.createFirstAdmin(body);
    if (!user) throw new SetupUnavailableError("Setup is already done: an account exists. Sign in instead.");
    request.log.info({ user: user.name }, "first admin created through the setup page");
    signIn(request, reply, user);
    return reply.status(201).send({ user });
  });

  app.post("/auth/login", publicRoute, async (request, reply) => {
    const body = parseBody(credentialsSchema, request.body);
    const user = await app.accounts.verifyCredentials(body.name, body.password).catch((error: unknown) => {
      request.log.info({ name: body.name }, "sign-in refused");
      throw error;
    });
    signIn(request, reply, user);
    return reply.status(200).send({ user });
  });

  app.post("/auth/logout", publicRoute, async (request, reply) => {
    const sessionId = request.cookies[sessionCookieName];
    if (sessionId) app.accounts.endSession(sessionId);
    reply.clearCookie(sessionCookieName, sessionCookieOptions({ secure: request.protocol === "https" }));
    return reply.status(204).send();
  });
};
