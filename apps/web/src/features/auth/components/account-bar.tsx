import type { User } from "@audited-rag/core";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { signOut } from "../api/sign-out";

interface AccountBarProps {
  user: User;
  accountsOpen: boolean;
  onToggleAccounts(): void;
  onSignedOut(): void;
}

/** Who is signed in, the way to the account settings, and the sign-out button. */
export function AccountBar({ user, accountsOpen, onToggleAccounts, onSignedOut }: AccountBarProps) {
  const [error, setError] = useState<string | null>(null);
  const leave = async () => {
    try {
      await signOut();
      // The next person at this browser should not land on the previous person's last answer.
      window.history.replaceState(null, "", "/");
      onSignedOut();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Signing out failed.");
    }
  };
  return (
    <div className="account-bar">
      <span>
        Signed in as <strong>{user.name}</strong> <span className="tag">{user.role}</span>
      </span>
      <button type="button" className="button button--quiet" aria-expanded={accountsOpen} onClick={onToggleAccounts}>
        {user.role === "admin" ? "Users and tokens" : "API tokens"}
      </button>
      <button type="button" className="button" onClick={leave}>
        Sign out
      </button>
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
