/**
 * A minimal router for the spec's seven exact routes: history navigation, links, redirects and
 * query parameters. It replaces React Router to keep ~30 KB (gzipped) off the first load on a
 * 0.3 Mbps link (docs/adr/0004-small-router.md).
 */
import {
  forwardRef,
  useEffect,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

const EVENT = 'invigil:navigate';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

const snapshot = () => location.pathname + location.search;

/** The current path and query; re-renders on navigation. */
function useLocation(): { pathname: string; search: string } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const q = current.indexOf('?');
  return q < 0 ? { pathname: current, search: '' } : { pathname: current.slice(0, q), search: current.slice(q) };
}

function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new Event(EVENT));
}

export const useNavigate = () => navigate;

export function useSearchParams(): [URLSearchParams] {
  return [new URLSearchParams(useLocation().search)];
}

/** Redirects once rendered. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; replace?: boolean; children?: ReactNode };

/** An anchor that navigates in place (modified clicks still open new tabs). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, ...rest }, ref) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (
      e.defaultPrevented ||
      e.button !== 0 ||
      e.metaKey ||
      e.ctrlKey ||
      e.shiftKey ||
      e.altKey ||
      rest.target === '_blank'
    )
      return;
    e.preventDefault();
    navigate(to, { replace });
  };
  return <a ref={ref} href={to} onClick={click} {...rest} />;
});

export interface Route {
  path: string;
  element: ReactNode;
}

/** Renders the first route whose path equals the current path exactly, else the fallback. */
export function Routes({ routes, fallback }: { routes: Route[]; fallback: ReactNode }) {
  const { pathname } = useLocation();
  const match = routes.find((r) => r.path === pathname);
  return <>{match ? match.element : fallback}</>;
}
