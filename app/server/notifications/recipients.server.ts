import type { UserActor } from "~/domain/policy";
import { ROLES } from "~/domain/roles";
import { actorOf } from "../context.server";
import type { Db } from "../db/db.server";
import { inListChunks } from "../db/in-list.server";
import { toSessionUser, usersWithRole } from "../auth/session.server";

/** Someone a notification may go to: as the policy sees them, with where their email goes. */
export type Recipient = { actor: UserActor; name: string; email: string | null };

const toRecipient = (row: Parameters<typeof toSessionUser>[0] & { email: string | null }): Recipient => ({
  actor: actorOf(toSessionUser(row)),
  name: row.full_name,
  email: row.email,
});

const recipientRows = (db: Db) => usersWithRole(db).select("u.email");

/** The users `ids` as they are now (role, unit): a notification is composed for who they are today. */
export async function recipientsByIds({ db }: { db: Db }, ids: readonly number[]): Promise<Recipient[]> {
  const unique = [...new Set(ids)];
  const rows = [];
  for (const chunk of inListChunks(unique)) rows.push(...(await recipientRows(db).where("u.id", "in", chunk).execute()));
  return rows.map(toRecipient);
}

/** Every Super Admin. */
export async function superAdmins({ db }: { db: Db }): Promise<Recipient[]> {
  return (await recipientRows(db).where("r.name", "=", ROLES.superAdmin).execute()).map(toRecipient);
}

/** The Satuan Kerja members of a work unit. */
export async function unitMembers({ db }: { db: Db }, unitKerjaId: number): Promise<Recipient[]> {
  return (await recipientRows(db).where("r.name", "=", ROLES.satuanKerja).where("u.unit_kerja_id", "=", unitKerjaId).execute()).map(toRecipient);
}
