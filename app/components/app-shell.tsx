import { useEffect, useRef } from "react";
import { Form, useLocation, useMatches, href } from "react-router";
import { breadcrumbFromPath, crumbsOfRoutes } from "~/lib/breadcrumb";
import type { ShellUser } from "~/domain/shell";
import { t } from "~/i18n/id";
import { CsrfField } from "~/components/form/csrf-field";
import { AppLink, useInPageLinks } from "./app-link";

export type { ShellUser };

const MASTER_PATHS = [href("/app/users"), href("/app/audit-logs"), href("/app/manage-unit-kerja"), href("/app/klasifikasi")];

/**
 * The layout of SPEC section 2: a fixed sidebar (width 64) from the xl breakpoint, and below it
 * a drawer with an overlay. The drawer's toggle is a real (visually restyled) checkbox, so it
 * opens without JavaScript and is a focusable control; while closed the drawer is
 * `visibility: hidden`, which also takes its links out of the tab order. JavaScript adds Esc,
 * closing on navigation and moving focus into the opened drawer (`useDrawer`).
 * `pendingAccessRequests`: PENDING requests addressed to the user's unit (the 'Access Request' badge).
 */
export function AppShell({
  user,
  pendingAccessRequests = 0,
  unreadNotifications = 0,
  children,
}: {
  user: ShellUser | null;
  pendingAccessRequests?: number;
  /** The bell's number: the user's unread notifications. */
  unreadNotifications?: number;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const drawer = useDrawer(pathname);
  useInPageLinks();
  return (
    <div className="group/shell min-h-screen">
      <a href="#main" className="skip-link" data-testid="skip-link">
        {t.ui.a11y.skipToContent}
      </a>
      <div className="xl:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <input
            ref={drawer.toggleRef}
            type="checkbox"
            id="nav-drawer"
            className="peer sr-only xl:hidden"
            aria-label={t.ui.a11y.menu}
            aria-controls="sidebar"
            onChange={drawer.onToggle}
            onKeyDown={drawer.onToggleKey}
          />
          <label
            htmlFor="nav-drawer"
            className="cursor-pointer rounded p-2 hover:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 xl:hidden"
            data-testid="menu-toggle"
          >
            {/* The checkbox carries the name: a label tied to a control may not be hidden from
                assistive technology (ARIA in HTML), so only its glyph is. */}
            <span aria-hidden="true">☰</span>
          </label>
          {/* The overlay closes the drawer on a click; it lies under the drawer, over the page. */}
          <label htmlFor="nav-drawer" className="fixed inset-0 z-30 hidden bg-slate-900/50 peer-checked:block xl:hidden" />
          {/* The product name and 'Token API' never wrap; a long user name gives way (ellipsis). */}
          <span className="shrink-0 whitespace-nowrap font-semibold text-slate-900">{t.appName}</span>
          <span className="ml-auto min-w-0 truncate text-sm text-slate-600" title={user?.name} data-testid="header-user">
            {user?.name}
          </span>
          {user && <NotificationBell unread={unreadNotifications} />}
          {user && (
            <AppLink to="/app/api-tokens" className="shrink-0 whitespace-nowrap rounded px-2 py-1 text-sm font-medium text-blue-700 hover:bg-slate-100" data-testid="header-api-tokens">
              {t.nav.apiTokens}
            </AppLink>
          )}
        </header>
        <main id="main" tabIndex={-1} className="p-4 focus:outline-none sm:p-6">
          <Breadcrumb pathname={pathname} />
          {children}
        </main>
      </div>
      <aside
        id="sidebar"
        ref={drawer.drawerRef}
        className="invisible fixed inset-y-0 left-0 z-40 flex w-64 -translate-x-full flex-col bg-slate-900 text-slate-100 transition-transform group-has-[#nav-drawer:checked]/shell:visible group-has-[#nav-drawer:checked]/shell:translate-x-0 xl:visible xl:translate-x-0"
        aria-label="Sidebar"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-800 px-5">
          <AppLink to={user ? href("/app") : "/"} className="text-lg font-bold tracking-wide">
            {t.appName}
          </AppLink>
          {/* A pointer shortcut: keyboards close with the toggle or Esc. */}
          <label htmlFor="nav-drawer" className="cursor-pointer rounded p-1 text-slate-300 hover:bg-slate-800 xl:hidden">
            <span aria-hidden="true">✕</span>
          </label>
        </div>
        <Sidebar user={user} pathname={pathname} pending={pendingAccessRequests} />
      </aside>
    </div>
  );
}

/** The header's bell: a link to /app/notifikasi with the unread count (server-rendered, so it shows without JavaScript). */
function NotificationBell({ unread }: { unread: number }) {
  return (
    <AppLink
      to={href("/app/notifikasi")}
      className="relative rounded p-2 text-slate-700 hover:bg-slate-100"
      aria-label={t.nav.notifications(unread)}
      data-testid="notification-bell"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white" data-testid="notification-count">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </AppLink>
  );
}

/** The drawer's JavaScript: Esc closes it, a navigation closes it, opening moves focus into it. */
function useDrawer(pathname: string) {
  const toggleRef = useRef<HTMLInputElement>(null);
  const drawerRef = useRef<HTMLElement>(null);
  const close = (returnFocus: boolean) => {
    const toggle = toggleRef.current;
    if (!toggle?.checked) return;
    toggle.checked = false;
    if (returnFocus) toggle.focus();
  };
  useEffect(() => close(false), [pathname]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && toggleRef.current?.checked) close(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return {
    toggleRef,
    drawerRef,
    onToggle: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (event.currentTarget.checked) drawerRef.current?.querySelector<HTMLElement>("a[href], button, summary")?.focus();
    },
    // Checkboxes toggle on Space; a menu button is expected to answer Enter as well.
    onToggleKey: (event: React.KeyboardEvent<HTMLInputElement>) => {
      if (event.key === "Enter") {
        event.preventDefault();
        event.currentTarget.click();
      }
    },
  };
}

/**
 * A navigation link that knows whether it is the current page, from the pathname alone: what
 * NavLink renders (the class for its state, `aria-current="page"` when active) without its
 * per-link path matching and navigation-state hooks.
 */
function SideLink({ to, end, className, children }: { to: string; end?: boolean; className: (state: { isActive: boolean }) => string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const isActive = path === to || (!end && path.startsWith(`${to}/`));
  return (
    <AppLink to={to} className={className({ isActive })} aria-current={isActive ? "page" : undefined}>
      {children}
    </AppLink>
  );
}

function Sidebar({ user, pathname, pending }: { user: ShellUser | null; pathname: string; pending: number }) {
  const item = "block rounded-lg px-3 py-2 text-sm hover:bg-slate-800";
  const active = ({ isActive }: { isActive: boolean }) => `${item} ${isActive ? "bg-slate-800 font-semibold text-white" : "text-slate-300"}`;
  if (!user) {
    return (
      <nav className="flex-1 space-y-1 p-4" aria-label={t.nav.sidebar} data-testid="sidebar">
        <SideLink to={href("/documents")} className={active}>
          {t.pages.documents}
        </SideLink>
        <SideLink to={href("/panduan")} className={active}>
          {t.nav.panduan}
        </SideLink>
        {/* The information desk, under the name every Indonesian public body's site gives it. */}
        <SideLink to={href("/ppid")} className={active}>
          {t.nav.ppid}
        </SideLink>
        {/* A full browser navigation: the SSO flow leaves the app. */}
        <a href="/api/v1/auth/sso/login" className={`${item} text-slate-300`} data-testid="login-sso">
          {t.nav.loginSso}
        </a>
      </nav>
    );
  }
  const masterOpen = MASTER_PATHS.some((path) => pathname === path || pathname.startsWith(path + "/"));
  return (
    <nav className="flex flex-1 flex-col p-4" aria-label={t.nav.sidebar} data-testid="sidebar">
      <p className="mb-4 rounded-lg bg-slate-800 px-3 py-2 text-xs text-slate-300">
        {t.nav.loggedInAs} <strong className="block text-sm text-white" data-testid="sidebar-role">{user.role}</strong>
      </p>
      <div className="space-y-1">
        <SideLink to={href("/app")} end className={active}>
          {t.nav.dashboard}
        </SideLink>
        <SideLink to={href("/app/documents")} className={active}>
          {t.nav.documents}
        </SideLink>
        {user.menus.accessRequest && (
          <SideLink to={href("/app/access-request")} className={active}>
            {t.nav.accessRequest}
            {pending > 0 && (
              <span className="float-right rounded-full bg-amber-400 px-2 text-xs font-bold text-slate-900" data-testid="access-request-badge">
                {pending}
                <span className="sr-only"> {t.nav.pendingBadge}</span>
              </span>
            )}
          </SideLink>
        )}
        {user.menus.trash && (
          <SideLink to={href("/app/trash")} className={active}>
            {t.nav.trash}
          </SideLink>
        )}
        {user.menus.records && (
          <>
            <SideLink to={href("/app/berkas")} className={active}>
              {t.nav.berkas}
            </SideLink>
            <SideLink to={href("/app/daftar-arsip")} className={active}>
              {t.nav.daftarArsip}
            </SideLink>
            <SideLink to={href("/app/pemindahan")} className={active}>
              {t.nav.pemindahan}
            </SideLink>
          </>
        )}
        {user.menus.disposal && (
          <SideLink to={href("/app/penyusutan")} className={active}>
            {t.nav.disposal}
          </SideLink>
        )}
        {user.menus.jobs && (
          <SideLink to={href("/app/pekerjaan")} className={active}>
            {t.nav.jobs}
          </SideLink>
        )}
        {user.menus.imports && (
          <SideLink to={href("/app/impor")} className={active}>
            {t.nav.imports}
          </SideLink>
        )}
        {user.menus.ppid && (
          <SideLink to={href("/app/ppid")} className={active}>
            {t.nav.ppid}
          </SideLink>
        )}
        {user.menus.master && (
          <details open={masterOpen} className="group">
            <summary className={`${item} cursor-pointer list-none text-slate-300`}>
              {t.nav.master} <span className="float-right transition-transform group-open:rotate-90">›</span>
            </summary>
            <div className="ml-3 mt-1 space-y-1 border-l border-slate-700 pl-2">
              <SideLink to={href("/app/audit-logs")} className={active}>
                {t.nav.auditLogs}
              </SideLink>
              <SideLink to={href("/app/manage-unit-kerja")} className={active}>
                {t.nav.unitKerja}
              </SideLink>
              <SideLink to={href("/app/users")} className={active}>
                {t.nav.users}
              </SideLink>
              <SideLink to={href("/app/klasifikasi")} className={active}>
                {t.nav.classification}
              </SideLink>
            </div>
          </details>
        )}
        <SideLink to={href("/panduan")} className={active}>
          {t.nav.panduan}
        </SideLink>
      </div>
      <Form method="post" action="/logout" className="mt-auto pt-4">
        <CsrfField />
        <button type="submit" className={`${item} w-full text-left text-red-300`}>
          {t.nav.logout}
        </button>
      </Form>
    </nav>
  );
}

function Breadcrumb({ pathname }: { pathname: string }) {
  const matches = useMatches();
  const { labels, withoutPage } = crumbsOfRoutes(matches);
  const items = breadcrumbFromPath(pathname, labels, withoutPage);
  if (items.length === 0) return null;
  return (
    <nav aria-label={t.nav.breadcrumb} className="mb-4 text-sm text-slate-500" data-testid="breadcrumb">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((crumb, index) => (
          <li key={crumb.href} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index === items.length - 1 ? (
              <span className="text-slate-800" aria-current="page">{crumb.label}</span>
            ) : crumb.noPage ? (
              <span>{crumb.label}</span>
            ) : (
              <AppLink to={crumb.href} className="hover:underline">
                {crumb.label}
              </AppLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A page's heading, and the page's buttons beside it. On a narrow screen the buttons wrap under
 * the heading and keep its distance from what follows.
 */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 *:mb-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
