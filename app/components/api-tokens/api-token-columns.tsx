import type { Column } from "~/components/list";
import type { ApiTokenSort, ApiTokenView } from "~/domain/api-token-view";
import { formatDate } from "~/lib/format";
import { apiTokens as apiTokensText } from "~/i18n/api-tokens";

const m = apiTokensText;
const c = m.columns;

const STATUS_CLASS: Record<ApiTokenView["status"], string> = {
  active: "bg-green-100 text-green-800",
  expired: "bg-slate-200 text-slate-700",
  revoked: "bg-red-100 text-red-800",
};

/** The 'Token API' table; the owner column only where the list holds other users' tokens (Super Admin). */
export function apiTokenColumns({
  offset,
  showOwner,
  revokeHref,
}: {
  offset: number;
  showOwner: boolean;
  revokeHref: (token: ApiTokenView) => string;
}): Column<ApiTokenView, ApiTokenSort>[] {
  return [
    { key: "no", header: c.no, width: "5%", card: "hidden", cell: (_, index) => offset + index + 1 },
    { key: "name", header: c.name, sort: "name", width: showOwner ? "16%" : "20%", card: "title", cell: (token) => <span className="dt-title">{token.name}</span> },
    ...(showOwner
      ? [{ key: "owner", header: c.owner, width: "13%", cell: (token: ApiTokenView) => `${token.owner.fullName} (${token.owner.username})` }]
      : []),
    { key: "scope", header: c.scope, width: "13%", cell: (token) => m.scopes[token.scope] },
    { key: "prefix", header: c.prefix, width: "11%", hideBelow: "xl", cell: (token) => <code className="text-xs">{token.prefix}…</code> },
    { key: "createdAt", header: c.createdAt, sort: "createdAt", width: "11%", hideBelow: "lg", cell: (token) => formatDate(token.createdAt, "DD MMM YYYY HH:mm") },
    { key: "expiresAt", header: c.expiresAt, sort: "expiresAt", width: "11%", cell: (token) => formatDate(token.expiresAt, "DD MMM YYYY HH:mm") },
    {
      key: "lastUsedAt",
      header: c.lastUsedAt,
      sort: "lastUsedAt",
      width: "11%",
      cell: (token) => (token.lastUsedAt ? formatDate(token.lastUsedAt, "DD MMM YYYY HH:mm") : m.neverUsed),
    },
    {
      key: "status",
      header: c.status,
      width: "9%",
      card: "plain",
      cell: (token) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[token.status]}`} data-testid="token-status">
          {m.status[token.status]}
        </span>
      ),
    },
    {
      key: "actions",
      header: c.actions,
      width: "8%",
      card: "actions",
      cell: (token) =>
        token.canRevoke ? (
          <span className="dt-actions">
            <a href={revokeHref(token)} className="text-red-700" data-testid="revoke-token">
              {m.revoke}
            </a>
          </span>
        ) : (
          "-"
        ),
    },
  ];
}
