import type { User } from "@audited-rag/core";
import { TokensSection } from "./tokens-section";
import { UsersSection } from "./users-section";

/** Account settings: everyone's own API tokens; for admins also every user and every token. */
export function AccountsPanel({ user }: { user: User }) {
  const admin = user.role === "admin";
  return (
    <section className="panel" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{admin ? "Users and tokens" : "API tokens"}</h2>
      {admin && <UsersSection currentUserId={user.id} />}
      <TokensSection showOwner={admin} />
    </section>
  );
}
