import type { MouseEvent, ReactNode } from "react";
import { type AppRoute, routePath } from "../lib/app-route";

interface AppLinkProps {
  to: AppRoute;
  navigate(route: AppRoute): void;
  className?: string;
  children: ReactNode;
  "aria-current"?: "page" | undefined;
}

/** A real link (open in a new tab works) that moves within the app without a reload. */
export function AppLink({ to, navigate, className, children, ...rest }: AppLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={routePath(to)} className={className} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
