import type { PublicConfig } from "@audited-rag/core";
import { useEffect, useState } from "react";
import type { ApiError } from "../../lib/api-client";
import { getConfig } from "./api/get-config";

export interface ConfigState {
  config: PublicConfig | null;
  error: ApiError | null;
}

/** Loads the public configuration once; the auditor mode and upload limit come from here. */
export function useConfig(): ConfigState {
  const [state, setState] = useState<ConfigState>({ config: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    getConfig(controller.signal).then(
      (config) => setState({ config, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ config: null, error: error as ApiError });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
