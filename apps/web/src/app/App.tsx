import { SetupPage } from "../features/auth/components/setup-page";
import { SignInPage } from "../features/auth/components/sign-in-page";
import { useSession } from "../features/auth/use-session";
import { Workspace } from "./workspace";

/** Chooses what to show from the session: first-run setup, sign-in, or the workspace. */
export function App() {
  const { session, error, refresh } = useSession();
  if (error && !session) {
    return (
      <main className="auth-page">
        <p role="alert" className="error-text">
          The server could not be reached: {error.message}
        </p>
        <button type="button" className="button" onClick={refresh}>
          Try again
        </button>
      </main>
    );
  }
  if (!session) return <p className="muted auth-page">Loading…</p>;
  if (session.auth === "on" && session.setupRequired) {
    const done = () => {
      window.history.replaceState(null, "", "/");
      refresh();
    };
    return <SetupPage allowed={session.setupAllowed} onDone={done} />;
  }
  if (session.auth === "on" && !session.user) return <SignInPage onSignedIn={refresh} />;
  // Keyed by user so signing in as someone else starts from a clean workspace.
  return <Workspace key={session.user?.id ?? "local"} user={session.user} onSignedOut={refresh} />;
}
