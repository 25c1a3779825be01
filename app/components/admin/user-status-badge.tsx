import type { UserView } from "~/domain/users";
import { users as usersText } from "~/i18n/users";
import { formatDate } from "~/lib/format";

/**
 * 'Nonaktif' beside a deactivated account's name (nothing for an active one), or with `long`
 * the status either way, with the date ('Nonaktif sejak …').
 */
export function UserStatusBadge({ user, long }: { user: Pick<UserView, "active" | "deactivatedAt">; long?: boolean }) {
  if (user.active) return long ? <span data-testid="user-status">{usersText.statuses.AKTIF}</span> : null;
  return (
    <span className="ml-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800" data-testid="user-status">
      {long && user.deactivatedAt ? usersText.inactiveSince(formatDate(user.deactivatedAt, "DD MMMM YYYY HH:mm")) : usersText.statuses.NONAKTIF}
    </span>
  );
}
