import type { UnitKerjaOption, UserListQuery, UserView } from "~/domain/users";
import type { Db } from "../db/db.server";
import { offsetPage } from "../db/offset-page.server";

/**
 * Reusable user queries (explicit dependencies: `fn({ db }, ...)`). The selected columns are
 * listed one by one: no password hash, salt or iteration count ever leaves this module.
 */
export function selectUserViews({ db }: { db: Db }) {
  return db
    .selectFrom("users as u")
    .innerJoin("roles as r", "r.id", "u.role_id")
    .leftJoin("unit_kerja as k", "k.id", "u.unit_kerja_id")
    .select([
      "u.id",
      "u.uuid",
      "u.full_name",
      "u.username",
      "u.email",
      "u.role_id",
      "r.name as role_name",
      "u.unit_kerja_id",
      "k.nama as unit_kerja_nama",
      "u.created_at",
      "u.updated_at",
      "u.deactivated_at",
    ]);
}
export type UserViewRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectUserViews>["executeTakeFirst"]>>>;

export const toUserView = (row: UserViewRow): UserView => ({
  id: row.id,
  uuid: row.uuid,
  fullName: row.full_name,
  username: row.username,
  email: row.email,
  role: { roleName: row.role_name },
  unitKerjaId: row.unit_kerja_id,
  unitKerja: row.unit_kerja_nama === null ? null : { nama: row.unit_kerja_nama },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  active: row.deactivated_at === null,
  deactivatedAt: row.deactivated_at,
});

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export async function findUserByUuid(deps: { db: Db }, uuid: string): Promise<UserViewRow | undefined> {
  if (!isUuid(uuid)) return undefined;
  return selectUserViews(deps).where("u.uuid", "=", uuid.toLowerCase()).executeTakeFirst();
}

const SORT_COLUMNS = {
  updatedAt: "u.updated_at",
  fullName: "u.full_name",
  username: "u.username",
  email: "u.email",
  role: "r.name",
} as const;

/** One page of users (search in name, username and e-mail; `status`: active or deactivated ones) and the number of matches. */
export async function listUserRows(deps: { db: Db }, query: UserListQuery): Promise<{ rows: UserViewRow[]; total: number }> {
  const filtered = () =>
    selectUserViews(deps).$if(query.status !== undefined, (qb) => qb.where("u.deactivated_at", query.status === "NONAKTIF" ? "is not" : "is", null));
  return offsetPage(filtered, { search: ["u.full_name", "u.username", "u.email"], sort: SORT_COLUMNS[query.sort], id: "u.id" }, query);
}

export async function roleIdByName({ db }: { db: Db }, roleName: string): Promise<number | undefined> {
  return (await db.selectFrom("roles").select("id").where("name", "=", roleName).executeTakeFirst())?.id;
}

export async function unitKerjaOptions({ db }: { db: Db }): Promise<UnitKerjaOption[]> {
  return db.selectFrom("unit_kerja").select(["id", "nama"]).orderBy("nama").orderBy("id").execute();
}

export async function unitKerjaExists({ db }: { db: Db }, id: number): Promise<boolean> {
  return !!(await db.selectFrom("unit_kerja").select("id").where("id", "=", id).executeTakeFirst());
}

/** Live (not revoked, not expired) sessions of a user. Idle time-out is not counted here. */
export async function countActiveSessions({ db }: { db: Db }, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Documents (in the trash too) a user uploaded, or uploaded a version of: what keeps the account from being deleted. */
export async function countUploadedDocuments({ db }: { db: Db }, userId: number): Promise<number> {
  const row = await db
    .selectFrom("archives as a")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) =>
      eb.or([eb("a.uploader_id", "=", userId), eb.exists(eb.selectFrom("archive_files as f").select("f.id").whereRef("f.archive_id", "=", "a.id").where("f.uploader_id", "=", userId))]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
