import type { CookieSerializeOptions } from "@fastify/cookie";

export const sessionCookieName = "rag_session";

/**
 * HttpOnly so page scripts never see it, SameSite=Strict so no other site's page sends it, Secure
 * when the browser reached us over HTTPS (directly or through a trusted proxy).
 */
export function sessionCookieOptions(options: { secure: boolean; maxAgeMs?: number }): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: "strict",
    secure: options.secure,
    path: "/",
    ...(options.maxAgeMs === undefined ? {} : { maxAge: Math.floor(options.maxAgeMs / 1000) }),
  };
}
