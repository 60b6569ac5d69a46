import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { signIn } from "../api/sign-in";

interface SignInPageProps {
  onSignedIn(): void;
}

/** The sign-in form shown to anyone without a session when login is on. */
export function SignInPage({ onSignedIn }: SignInPageProps) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const passwordId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await signIn(name.trim(), password);
      setPassword("");
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Signing in failed unexpectedly.");
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="auth-page">
      <section className="panel auth-card" aria-labelledby="sign-in-heading">
        <h1 id="sign-in-heading">Sign in</h1>
        <p className="muted">Audited RAG workspace</p>
        <form className="auth-form" onSubmit={submit}>
          <label htmlFor={nameId}>User name</label>
          <input
            id={nameId}
            autoComplete="username"
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
          />
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            required
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && (
            <p role="alert" className="error-text">
              {error}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? "Signing in…" : "Sign in"}
          </button>
        </form>
        <p className="muted">
          Forgot the password? On the server, <code>npm run user:add -- --member NAME --reset-password</code> sets a new
          one.
        </p>
      </section>
    </main>
  );
}
