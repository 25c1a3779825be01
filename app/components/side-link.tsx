import { Link, useLocation } from "react-router";

/**
 * A navigation link that knows whether it is the current page, from the pathname alone. It
 * renders what NavLink renders (the class for its state, `aria-current="page"` when active)
 * without NavLink's per-link path matching and navigation-state hooks on every render.
 */
export function SideLink({
  to,
  end,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const isActive = path === to || (!end && path.startsWith(`${to}/`));
  return (
    <Link to={to} className={className({ isActive })} aria-current={isActive ? "page" : undefined}>
      {children}
    </Link>
  );
}
