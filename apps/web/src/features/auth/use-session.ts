import type { SessionState } from "@audited-rag/core";
import { useCallback, useEffect, useState } from "react";
import { type ApiError, authRequiredEvent } from "../../lib/api-client";
import { getSession } from "./api/get-session";

export interface SessionHook {
  session: SessionState | null;
  error: ApiError | null;
  /** Asks the server again, e.g. after signing in or out. */
  refresh(): void;
}

/** Who is signed in; refreshed whenever any API call reports that the session is gone. */
export function useSession(): SessionHook {
  const [session, setSession] = useState<SessionState | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the trigger for asking again
  useEffect(() => {
    const controller = new AbortController();
    getSession(controller.signal).then(
      (next) => {
        setSession(next);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure as ApiError);
      },
    );
    return () => controller.abort();
  }, [generation]);

  useEffect(() => {
    window.addEventListener(authRequiredEvent, refresh);
    return () => window.removeEventListener(authRequiredEvent, refresh);
  }, [refresh]);

  return { session, error, refresh };
}
