import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The part of React Router's declarative mode the app uses (<BrowserRouter>, useRoutes, Link,
 * NavLink, Outlet and the hooks), with the same matching rules, in about 1.3 KB instead of
 * React Router's 13 KB gzipped in the first load. Its names, its differences from React Router
 * and how to switch to it: README.md beside this file.
 */

export type RouteObject = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
};
export type Params = Record<string, string | undefined>;
export type RouteMatch = { routes: RouteObject[]; params: Params };
type RouterLocation = { pathname: string; search: string; hash: string };
type NavigateOptions = { replace?: boolean };
type Navigate = (to: string, options?: NavigateOptions) => void;
type RouteState = { outlet: ReactNode; params: Params };
type Branch = { routes: RouteObject[]; pattern: string[]; score: number };

/** Every route that can match on its own, with the chain of routes above it; children first. */
function flatten(routes: RouteObject[], above: RouteObject[] = [], base: string[] = []): Branch[] {
  return routes.flatMap((route) => {
    const chain = [...above, route];
    const pattern = [...base, ...(route.path ?? '').split('/').filter(Boolean)];
    const children = route.children ? flatten(route.children, chain, pattern) : [];
    // A pathless layout route matches only through its children, as in React Router.
    if (route.path === undefined && !route.index) return children;
    return [...children, { routes: chain, pattern, score: score(pattern, route.index) }];
  });
}

/** React Router's ranking: a static segment beats a :param, which beats '*'; index routes win ties. */
function score(pattern: string[], index = false) {
  const weight = (part: string) => (part === '*' ? -1 : part.startsWith(':') ? 4 : 11);
  return pattern.reduce((sum, part) => sum + weight(part), index ? 2 : 0);
}

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A malformed escape stays as typed rather than breaking the page.
  }
}

/** The params of a whole-path match, or null; static segments ignore case like React Router's. */
function matchPattern(pattern: string[], segments: string[]): Params | null {
  const params: Params = {};
  for (const [i, part] of pattern.entries()) {
    if (part === '*') return { ...params, '*': segments.slice(i).join('/') };
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return pattern.length === segments.length ? params : null;
}

/** The best-ranked branch of routes for a pathname, with its decoded params; null if none. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch | null {
  // Split before decoding, so that an encoded '/' stays inside its param.
  const segments = pathname.split('/').filter(Boolean).map(decode);
  const branches = flatten(routes).sort((a, b) => b.score - a.score);
  for (const branch of branches) {
    const params = matchPattern(branch.pattern, segments);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}

/** NavLink's rule: the link's page or, unless `end`, a page below it ('/' has none below). */
export function isActiveLink(to: string, pathname: string, end = false) {
  const [target, path] = [to.toLowerCase(), pathname.toLowerCase()];
  return path === target || (!end && path.startsWith(`${target}/`));
}

const RouterContext = createContext<{ location: RouterLocation; navigate: Navigate } | null>(null);
const RouteContext = createContext<RouteState>({ outlet: null, params: {} });
const OutletContext = createContext<unknown>(undefined);

function readLocation(): RouterLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** Holds the address in state: links push to the history, Back and Forward arrive by popstate. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => {
    const onPopState = () => setLocation(readLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    const url = new URL(to, window.location.href);
    const newPage = url.pathname !== window.location.pathname;
    window.history[replace ? 'replaceState' : 'pushState'](null, '', url);
    setLocation(readLocation());
    // A new page starts at its top, as after a page load; a changed filter keeps its place.
    if (newPage) window.scrollTo(0, 0);
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links need a <BrowserRouter> above them.');
  return router;
}

export const useLocation = () => useRouter().location;
export const useNavigate = () => useRouter().navigate;
export const useParams = () => useContext(RouteContext).params;
export const useOutletContext = <T,>() => useContext(OutletContext) as T;

/**
 * Renders the matched branch: each route's element, with its Outlet showing the next one. Every
 * depth renders the same provider type, so a layout shared by sibling routes stays mounted.
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext value={{ outlet, params: match.params }}>
        {route.element ?? <Outlet />}
      </RouteContext>
    ),
    null,
  );
}

export function Outlet({ context }: { context?: unknown }) {
  const { outlet } = useContext(RouteContext);
  return <OutletContext value={context}>{outlet}</OutletContext>;
}

export function useSearchParams() {
  const { location, navigate } = useRouter();
  const { pathname, search } = location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams | Record<string, string> | string, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, pathname],
  );
  return [params, setParams] as const;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
};

/** `to` resolved against the page shown, as the browser resolves a link's href. */
const resolve = (to: string, location: RouterLocation) =>
  new URL(to, window.location.origin + location.pathname + location.search);

/** A real link (open in a new tab works); a plain left click changes page without a reload. */
export function Link({ to, replace, onClick, ...props }: LinkProps) {
  const { location, navigate } = useRouter();
  const url = resolve(to, location);
  const href = url.pathname + url.search + url.hash;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const otherTarget = props.target && props.target !== '_self';
    if (event.defaultPrevented || event.button !== 0 || modified || otherTarget) return;
    event.preventDefault();
    navigate(href, { replace });
  };
  return <a {...props} href={href} onClick={follow} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A Link that knows when it points at the current page (aria-current, which the CSS styles). */
export function NavLink({ end, className, ...props }: NavLinkProps) {
  const { location } = useRouter();
  const target = resolve(props.to, location).pathname;
  const isActive = isActiveLink(target, location.pathname, end);
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
