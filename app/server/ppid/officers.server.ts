import { NotFoundError } from "~/domain/errors";
import { assertCan } from "~/domain/policy";
import type { PpidRole } from "~/domain/ppid/requests";
import { ppidMessages } from "~/i18n/ppid";
import { commit } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";

const m = ppidMessages.officers;

export type PpidOfficerView = { id: string; username: string; name: string; role: PpidRole };

/** The users designated as PPID officers or atasan PPID (Super Admin acts as both without one). */
export async function listPpidOfficers(ctx: ServiceContext): Promise<PpidOfficerView[]> {
  assertCan(ctx.actor, { type: "ppid.designate" }, ppidMessages.denied.calendar);
  const rows = await ctx.db
    .selectFrom("users")
    .select(["uuid", "username", "full_name", "ppid_role"])
    .where("ppid_role", "is not", null)
    .orderBy("full_name")
    .execute();
  return rows.map((row) => ({ id: row.uuid, username: row.username, name: row.full_name, role: row.ppid_role! }));
}

/**
 * Designate a user (by username) as PPID officer or atasan, or withdraw it (`role` null). Super
 * Admin only; a flag beside the SPEC role, read into the session on the user's next request.
 * Audited as PPID_ROLE_SET.
 */
export async function setPpidRole(ctx: ServiceContext, username: string, role: PpidRole | null): Promise<void> {
  assertCan(ctx.actor, { type: "ppid.designate" }, ppidMessages.denied.calendar);
  const user = await ctx.db.selectFrom("users").select(["id", "uuid", "username"]).where("username", "=", username.trim()).executeTakeFirst();
  if (!user) throw new NotFoundError(m.userNotFound);
  await commit(ctx, [
    ctx.db.updateTable("users").set({ ppid_role: role }).where("id", "=", user.id),
    {
      action: "PPID_ROLE_SET",
      params: { username: user.username, role: role ? m.roles[role] : m.none },
      targetType: "user",
      targetId: user.uuid,
    },
  ]);
}
