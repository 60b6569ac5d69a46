import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { setUp } from "../api/set-up";

interface SetupPageProps {
  /** False when this browser is not on the server's machine: the page explains instead of asking. */
  allowed: boolean;
  onDone(): void;
}

const minimumLength = 10;

/** First run: creates the first admin account, once, from the server's own machine. */
export function SetupPage({ allowed, onDone }: SetupPageProps) {
  const [name, setName] = useState("admin");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const passwordId = useId();
  const repeatId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setError("The two passwords differ.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await setUp(name.trim(), password);
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Creating the account failed unexpectedly.");
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="auth-page">
      <section className="panel auth-card" aria-labelledby="setup-heading">
        <h1 id="setup-heading">Create the first admin</h1>
        {!allowed ? (
          <>
            <p>No account exists yet, and the first one can only be created from the server's own machine.</p>
            <p className="muted">
              Open this page there (at http://127.0.0.1 and the server's port), or run{" "}
              <code>npm run user:add -- --admin NAME</code> on it.
            </p>
          </>
        ) : (
          <>
            <p className="muted">
              This account can upload and delete documents and add other people. The page works once: after this,
              everyone signs in.
            </p>
            <form className="auth-form" onSubmit={submit}>
              <label htmlFor={nameId}>User name</label>
              <input
                id={nameId}
                autoComplete="username"
                value={name}
                required
                onChange={(event) => setName(event.target.value)}
              />
              <label htmlFor={passwordId}>Password (at least {minimumLength} characters)</label>
              <input
                id={passwordId}
                type="password"
                autoComplete="new-password"
                minLength={minimumLength}
                value={password}
                required
                onChange={(event) => setPassword(event.target.value)}
              />
              <label htmlFor={repeatId}>The same password again</label>
              <input
                id={repeatId}
                type="password"
                autoComplete="new-password"
                minLength={minimumLength}
                value={repeat}
                required
                onChange={(event) => setRepeat(event.target.value)}
              />
              {error && (
                <p role="alert" className="error-text">
                  {error}
                </p>
              )}
              <button type="submit" className="button button--primary" disabled={pending}>
                {pending ? "Creating…" : "Create admin and sign in"}
              </button>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
