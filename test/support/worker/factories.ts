import { hashPassword, type PasswordHash } from "~/server/auth/password.server";
import { testEnv } from "./env";
import { login, unique, type SignedIn } from "./http";

export type RoleName = "Super Admin" | "Satuan Kerja" | "Viewer";
const ROLE_IDS: Record<RoleName, number> = { "Super Admin": 1, "Satuan Kerja": 2, Viewer: 3 };

const now = () => new Date().toISOString();

// PBKDF2 at 100,000 iterations is slow on purpose; tests reuse one hash per password.
const hashes = new Map<string, Promise<PasswordHash>>();
function hashOnce(password: string) {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type CreatedUser = { id: number; uuid: string; username: string; password: string; fullName: string; role: RoleName; unitKerjaId: number | null };

/** A user row inserted straight into D1, with a real PBKDF2 password hash (email `<username>@example.test` unless given). */
export async function createUser(
  options: { username?: string; password?: string; fullName?: string; role?: RoleName; unitKerjaId?: number | null; email?: string | null } = {},
): Promise<CreatedUser> {
  const username = options.username ?? unique("user");
  const password = options.password ?? "rahasia-Benar-123";
  const fullName = options.fullName ?? `Pengguna ${username}`;
  const role = options.role ?? "Viewer";
  const unitKerjaId = options.unitKerjaId ?? null;
  const email = options.email === undefined ? `${username}@example.test` : options.email;
  const uuid = crypto.randomUUID();
  const hash = await hashOnce(password);
  const row = await testEnv.DB.prepare(
    `INSERT INTO users (uuid, full_name, username, email, password_hash, password_salt, password_iterations, role_id, unit_kerja_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(uuid, fullName, username, email, hash.hash, hash.salt, hash.iterations, ROLE_IDS[role], unitKerjaId, now(), now())
    .first<{ id: number }>();
  return { id: row!.id, uuid, username, password, fullName, role, unitKerjaId };
}

export async function createUnitKerja(options: { nama?: string; jenis?: string } = {}): Promise<{ id: number; nama: string }> {
  const nama = options.nama ?? unique("Fakultas Uji");
  const row = await testEnv.DB.prepare(
    "INSERT INTO unit_kerja (nama, jenis, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
  )
    .bind(nama, options.jenis ?? "Fakultas", now(), now())
    .first<{ id: number }>();
  return { id: row!.id, nama };
}

/** A Satuan Kerja member of a work unit of their own. */
export async function createUnitStaff(): Promise<CreatedUser> {
  return createUser({ role: "Satuan Kerja", unitKerjaId: (await createUnitKerja()).id });
}

/** What an upload test needs: a category, and a signed-in Satuan Kerja member of their own unit. */
export async function uploadWorld(): Promise<{ categoryId: number; staff: SignedIn }> {
  const categoryId = (await createCategory()).id;
  const user = await createUnitStaff();
  return { categoryId, staff: await login(user.username, user.password) };
}

/**
 * A classification code (TERBATAS, kept 2 + 3 years, then MUSNAH unless told otherwise): `code`,
 * or `prefix` and a unique tail ("IM.AB12CD34").
 */
export async function createClassificationCode(options: {
  code?: string;
  prefix?: string;
  name: string;
  retention?: { active: number; inactive: number };
}): Promise<{ id: number; code: string }> {
  const code = options.code ?? `${options.prefix ?? "T"}.${unique("x").replace(/[^A-Za-z0-9]/g, "").slice(-8).toUpperCase()}`;
  const { active, inactive } = options.retention ?? { active: 2, inactive: 3 };
  const stamp = now();
  const row = await testEnv.DB.prepare(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, ?, '', 'TERBATAS', ?, ?, 'MUSNAH', '', ?, ?) RETURNING id`,
  )
    .bind(code, options.name, active, inactive, stamp, stamp)
    .first<{ id: number }>();
  return { id: row!.id, code };
}

export async function createCategory(name = unique("Kategori")): Promise<{ id: number; categoryName: string }> {
  const row = await testEnv.DB.prepare("INSERT INTO categories (category_name) VALUES (?) RETURNING id").bind(name).first<{ id: number }>();
  return { id: row!.id, categoryName: name };
}

/** An archive row only (no R2 object): enough for rows that reference archives. */
export async function createArchive(options: { uploaderId: number; categoryId: number; unitKerjaId?: number | null; accessLevel?: "PRIVATE" | "PUBLIC" }) {
  const uuid = crypto.randomUUID();
  const row = await testEnv.DB.prepare(
    `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
       r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      uuid, "Dokumen uji integrasi", unique("NO"), 2026, "Deskripsi dokumen uji", "a, b, c, d, e",
      options.accessLevel ?? "PRIVATE", options.categoryId, options.uploaderId, options.unitKerjaId ?? null,
      `archives/${uuid}`, "uji.pdf", 1234, "application/pdf", "0".repeat(64), now(), now(),
    )
    .first<{ id: number }>();
  // Its file as version 1, as every document has (the record model of migration 0008).
  await testEnv.DB.batch([
    testEnv.DB.prepare(
      `INSERT INTO archive_files (archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at)
       VALUES (?, 1, ?, 'uji.pdf', 1234, 'application/pdf', ?, ?, ?)`,
    ).bind(row!.id, `archives/${uuid}`, "0".repeat(64), options.uploaderId, now()),
    testEnv.DB.prepare("UPDATE archives SET current_file_id = (SELECT id FROM archive_files WHERE archive_id = ? AND version = 1) WHERE id = ?").bind(row!.id, row!.id),
  ]);
  return { id: row!.id, uuid };
}

export async function createAccessRequest(options: {
  archiveId: number;
  requesterId: number;
  status: "PENDING" | "APPROVED" | "REJECTED" | "EXPIRED" | "REVOKED";
  expiresAt?: string | null;
  ownerUnitKerjaId?: number | null;
}) {
  const uuid = crypto.randomUUID();
  const row = await testEnv.DB.prepare(
    `INSERT INTO access_requests (uuid, archive_id, requester_id, owner_unit_kerja_id, status, request_message, token_hash, created_at, responded_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      uuid, options.archiveId, options.requesterId, options.ownerUnitKerjaId ?? null, options.status, "Mohon akses",
      options.status === "APPROVED" ? crypto.randomUUID() : null, now(), options.status === "PENDING" ? null : now(), options.expiresAt ?? null,
    )
    .first<{ id: number }>();
  return { id: row!.id, uuid };
}

export type AuditRow = { action: string; message: string; details: string | null; actor_id: number | null; ip_address: string | null; user_agent: string | null };

/** Audit rows written from one client address, oldest first (each test uses its own address). */
export async function auditRowsFromIp(ip: string): Promise<AuditRow[]> {
  const { results } = await testEnv.DB.prepare(
    "SELECT action, message, details, actor_id, ip_address, user_agent FROM audit_logs WHERE ip_address = ? ORDER BY id",
  )
    .bind(ip)
    .all<AuditRow>();
  return results;
}
