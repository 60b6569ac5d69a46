import { z } from "zod";

/** admin: upload, delete, manage users and tokens. member: ask and read. */
export const roleSchema = z.enum(["admin", "member"]);
export type Role = z.infer<typeof roleSchema>;

/** Letters, digits and `. _ @ -`, so a name is safe to show, log and type on a command line. */
export const userNameSchema = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}._@-]{1,64}$/u, "use 1 to 64 letters, digits or . _ @ -");

/** Long enough to resist guessing, bounded so hashing stays cheap. */
export const passwordSchema = z.string().min(10, "use at least 10 characters").max(1024, "use at most 1024 characters");

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.object({ users: z.array(userSchema) });

/** `GET /api/auth/session`: whether login is on, whether the first admin is still to be created, and who is signed in. */
export const sessionStateSchema = z.object({
  auth: z.enum(["on", "off"]),
  /** True while no account exists (login on only). */
  setupRequired: z.boolean(),
  /** True when this request may create the first admin (loopback, setup still open). */
  setupAllowed: z.boolean(),
  user: userSchema.nullable(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const credentialsSchema = z.object({ name: userNameSchema, password: z.string().min(1).max(1024) });
export const newUserSchema = z.object({ name: userNameSchema, password: passwordSchema, role: roleSchema });

/** A personal API token as listed: never the secret, only the prefix it starts with. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  userName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export const newTokenSchema = z.object({ name: z.string().trim().min(1).max(100) });
/** `POST /api/tokens`: the only time the secret is shown. */
export const createdTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
/** `{user}`: the answer of sign-in, setup and adding a user. */
export const userResponseSchema = z.object({ user: userSchema });
