import type { ApiToken } from "@audited-rag/core";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { createToken } from "../api/create-token";
import { getTokens } from "../api/get-tokens";
import { revokeToken } from "../api/revoke-token";

const message = (failure: unknown, fallback: string) => (failure instanceof ApiError ? failure.message : fallback);

/** Personal API tokens for scripts: create (the secret is shown once), list by prefix, revoke. */
export function TokensSection({ showOwner }: { showOwner: boolean }) {
  const [tokens, setTokens] = useState<ApiToken[]>([]);
  const [name, setName] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();

  const load = useCallback(() => {
    getTokens().then(setTokens, (failure: unknown) => setError(message(failure, "The tokens could not be loaded.")));
  }, []);
  useEffect(load, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const created = await createToken(name.trim());
      setSecret(created.secret);
      setName("");
      load();
    } catch (failure) {
      setError(message(failure, "The token could not be created."));
    }
  };

  const revoke = async (token: ApiToken) => {
    setError(null);
    try {
      await revokeToken(token.id);
      load();
    } catch (failure) {
      setError(message(failure, "The token could not be revoked."));
    }
  };

  return (
    <section aria-labelledby="tokens-heading">
      <h3 id="tokens-heading">API tokens</h3>
      <p className="muted">
        For scripts and curl: send <code>Authorization: Bearer &lt;token&gt;</code>. A token acts with its owner's role.
      </p>
      <form className="field-inline" onSubmit={create}>
        <label htmlFor={nameId}>Token name</label>
        <input id={nameId} value={name} required maxLength={100} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="button">
          Create token
        </button>
      </form>
      {secret && (
        <div className="token-notice" role="status">
          <p>Copy this token now; it is not shown again:</p>
          <code className="token-secret">{secret}</code>
        </div>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {tokens.length === 0 ? (
        <p className="muted">No tokens.</p>
      ) : (
        <ul className="account-list" aria-label="API tokens">
          {tokens.map((token) => (
            <li key={token.id}>
              <span>
                <strong>{token.name}</strong> <code>{token.prefix}</code>
                {showOwner ? ` · ${token.userName}` : ""} · created {token.createdAt.slice(0, 10)}
                {token.lastUsedAt ? ` · last used ${token.lastUsedAt.slice(0, 16).replace("T", " ")}` : " · never used"}
              </span>
              <button type="button" className="button button--quiet button--danger" onClick={() => revoke(token)}>
                Revoke <span className="visually-hidden">{token.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
