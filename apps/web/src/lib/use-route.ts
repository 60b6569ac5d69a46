import { useCallback, useEffect, useState } from "react";
import { type AppRoute, parseRoute, routePath } from "./app-route";

const currentRoute = () => parseRoute(window.location.pathname, window.location.hash);

/**
 * The route in the address bar, kept in step with Back and Forward. `navigate` pushes a
 * history entry (or replaces the current one), so every answer shown has its own entry.
 */
export function useRoute(): { route: AppRoute; navigate(route: AppRoute, options?: { replace?: boolean }): void } {
  const [route, setRoute] = useState<AppRoute>(currentRoute);

  useEffect(() => {
    const onPop = () => setRoute(currentRoute());
    window.addEventListener("popstate", onPop);
    // An old `#answer=` link becomes the real address of that answer.
    if (window.location.hash.startsWith("#answer=")) window.history.replaceState(null, "", routePath(currentRoute()));
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const navigate = useCallback((next: AppRoute, options: { replace?: boolean } = {}) => {
    const path = routePath(next);
    if (path !== window.location.pathname || window.location.hash !== "") {
      if (options.replace) window.history.replaceState(null, "", path);
      else window.history.pushState(null, "", path);
    }
    setRoute(next);
  }, []);

  return { route, navigate };
}
