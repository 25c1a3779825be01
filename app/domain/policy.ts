import { ForbiddenError, UnauthenticatedError } from "./errors";
import { session as sessionText } from "../i18n/session";
import { ROLES, type RoleName } from "./roles";
import { audienceOfUser, documentTerms, mayOpenFile, mayView, type AccessedDocument, type Audience } from "./access-rule";
import type { SecurityClass } from "./security-classes";

/**
 * The one permission policy (who may do what, by role and work unit). Pure: services call
 * it to enforce; loaders call the same function to tell pages what to hide (the browser never
 * runs it).
 */
export type UserActor = {
  userId: number;
  role: RoleName;
  unitKerjaId: number | null;
  /** The session the user acts through (kept when they change their own account). */
  sessionIdHash?: string;
  /** The personal API token the user acts through (a bearer call); audit rows name it. */
  apiToken?: { uuid: string; scope: "read" | "read_write" };
  /** Designated by Super Admin as PPID officer or atasan PPID (not a SPEC role). */
  ppidRole?: "PETUGAS" | "ATASAN" | null;
};

/** The background jobs; each may do exactly what `SYSTEM_PERMISSIONS` names. */
export type JobName = "maintenance" | "audit-chain" | "fixity" | "text-extraction" | "retention" | "events" | "notifications" | "queue";

/** A job acting on its own (cron, queue consumer): no user, no role, no unit. */
export type SystemActor = { system: JobName };

/** Who acts: a signed-in user or a job (a visitor is `null`). */
export type Actor = UserActor | SystemActor;

export const isSystemActor = (actor: Actor | null): actor is SystemActor => !!actor && "system" in actor;
/** The signed-in user behind `actor`, or null for a visitor or a job. */
export const userActorOf = (actor: Actor | null): UserActor | null => (actor && !isSystemActor(actor) ? actor : null);

export type DocumentRef = AccessedDocument & {
  /** STATIS once handed over to the university archive (penyusutan): read-only for everyone. */
  archivalState?: "STATIS" | null;
};

/** What the policy needs to know of a berkas: its unit, and the records centre once moved there. */
export type BerkasRef = { unitKerjaId: number; custodyUnitId: number | null };

/** Who `actor` reads the catalogue as (the access rule's audience; a job reads as the public). */
export const audienceOf = (actor: Actor | null, options: { publicOnly?: boolean } = {}): Audience => audienceOfUser(userActorOf(actor), options);

export type AccessRequestRef = { requesterId: number; ownerUnitKerjaId: number | null };

export type Action =
  | { type: "document.create" }
  // Its metadata at all (lists, search, counts, detail), and its file: the access rule
  // (~/domain/access-rule), which every catalogue read applies as SQL.
  | { type: "document.view"; document: DocumentRef }
  // The file shown in the browser rather than saved: never for RAHASIA and SANGAT_RAHASIA.
  | { type: "document.preview"; document: DocumentRef }
  | { type: "document.edit"; document: DocumentRef }
  | { type: "document.delete"; document: DocumentRef }
  | { type: "document.openFile"; document: DocumentRef }
  | { type: "document.requestAccess"; document: DocumentRef }
  | { type: "accessRequest.menu" }
  | { type: "accessRequest.list" }
  | { type: "accessRequest.view"; request: AccessRequestRef }
  | { type: "accessRequest.respond"; ownerUnitKerjaId: number | null }
  | { type: "accessRequest.revoke"; ownerUnitKerjaId: number | null }
  | { type: "auditLog.read" }
  | { type: "users.manage" }
  | { type: "unitKerja.manage" }
  | { type: "master.menu" }
  | { type: "auditLog.verify" }
  | { type: "classification.manage" }
  // Versions of a document's file: listing and downloading follow `document.openFile`.
  | { type: "document.restoreVersion"; document: DocumentRef }
  // The trash: Super Admin sees all of it, Satuan Kerja its own unit's.
  | { type: "trash.list" }
  | { type: "document.restore"; document: DocumentRef }
  | { type: "trash.purge" }
  // Personal API tokens: made and revoked with a session (never by another token).
  | { type: "apiToken.create" }
  | { type: "apiToken.revoke"; ownerId: number }
  | { type: "apiToken.listAll" }
  // Fixity of stored objects: re-hash against the recorded SHA-256 (Super Admin on demand, and
  // the scheduled job), and read what failed (Super Admin).
  | { type: "fixity.check" }
  | { type: "fixity.report" }
  // 'Indeks ulang': queue a document's file for text extraction again (who may edit it).
  | { type: "document.reindex"; document: DocumentRef }
  // Super Admin: filter the documents list by extraction status.
  | { type: "text.statusFilter" }
  // Penyusutan: the workspace and its lists (Super Admin all; Satuan Kerja its unit's
  // candidates and lists, read-only), and every change to a list (Super Admin only).
  | { type: "disposal.view" }
  | { type: "disposal.manage" }
  // The retention clock: recompute every document's status (the daily job, or Super Admin).
  | { type: "retention.refresh" }
  // A stored Berita Acara's PDF: it lists every item's title, so Super Admin, or a Satuan Kerja
  // member when every item of its list is its own unit's (never another unit's titles).
  | { type: "beritaAcara.download"; itemUnitKerjaIds: readonly (number | null)[] }
  // Legal hold (Penahanan) on a document or a code, and a reappraisal (Dinilai Kembali): Super Admin.
  | { type: "retention.hold" }
  | { type: "retention.reappraise" }
  // The dashboard's retention cards (counts per status).
  | { type: "retention.overview" }
  // Berkas, the Daftar Arsip and pemindahan: the pages (Super Admin, Satuan Kerja); one berkas
  // (its unit, the records centre holding it, Super Admin); changing a berkas or its items (its
  // unit while the berkas is there, or Super Admin); proposing a unit's berkas for transfer and
  // deciding a proposal (the records centre's staff, or Super Admin).
  | { type: "berkas.list" }
  | { type: "berkas.view"; berkas: BerkasRef }
  | { type: "berkas.manage"; berkas: BerkasRef }
  | { type: "berkas.allUnits" }
  | { type: "transfer.propose"; unitKerjaId: number }
  | { type: "transfer.decide"; recordsCentreId: number | null }
  // EAD 2002 export for SIKN (Super Admin).
  | { type: "ead.export" }
  // Arsip vital: the flag and the restore drill; the dashboard card (Super Admin).
  | { type: "vital.manage" }
  | { type: "vital.overview" }
  // Jobs ('Pekerjaan'): Super Admin sees every job; a user sees the jobs acting for them.
  | { type: "jobs.listAll" }
  // The 'Pekerjaan' entry: who can start work that runs on its own (imports, bulk edits).
  | { type: "jobs.menu" }
  | { type: "job.view"; ownerId: number | null }
  // Imports ('Impor'): Super Admin into any unit, a Satuan Kerja member into their own unit; an
  // import is seen by who made it (and Super Admin).
  | { type: "import.manage" }
  // Bulk edit from the documents list (a job acting for the user; each document is checked as its own edit).
  | { type: "documents.bulkEdit" }
  | { type: "import.view"; ownerId: number }
  // A user's own notifications and preferences (a read-only API token reads, never marks).
  | { type: "notifications.read" }
  | { type: "notifications.update" }
  // When and how a destroyed or purged record left (its tombstone): Super Admin and its owning unit.
  | { type: "tombstone.view"; unitKerjaId: number | null }
  // Start a document's retention clock before its year ('Tanggal mulai retensi'): it can make
  // the record due at once, so Super Admin only.
  | { type: "retention.startBeforeYear" }
  // Jobs only (see SYSTEM_PERMISSIONS): no user role has them.
  // Compose and deliver notifications (the dispatcher, digests, reminders, the email sender).
  | { type: "notifications.deliver" }
  | { type: "accessRequest.expire" }
  | { type: "files.sweep" }
  // Extract a queued file's text and write it (the queue consumer); enqueue what still waits (the cron).
  | { type: "text.extract" }
  | { type: "text.enqueue" }
  // Recompute the search vocabulary's stems after the stemmer changed (the 30-minute cron).
  | { type: "search.restem" }
  // Blank PPID requesters' personal data past its retention (the maintenance job).
  | { type: "ppid.purgePersonal" }
  // The PPID desk: the register and its requests (officers; Super Admin always), the atasan's
  // objections, the cuti bersama of the working-day clock and who is designated (Super Admin).
  | { type: "ppid.desk" }
  | { type: "ppid.objections" }
  | { type: "ppid.calendar" }
  | { type: "ppid.designate" };

type ActionType = Action["type"];

/**
 * What each job may do, and nothing else: a job never inherits a user's rights, and no user
 * action is open to a job unless it is listed here.
 */
const SYSTEM_PERMISSIONS: Record<JobName, readonly ActionType[]> = {
  // Expires lapsed approvals, purges the trash after TRASH_DAYS, empties the deletion queue,
  // blanks PPID requesters' personal data past its retention.
  maintenance: ["accessRequest.expire", "trash.purge", "files.sweep", "ppid.purgePersonal"],
  "audit-chain": ["auditLog.verify"],
  // Re-hashes stored objects in batches, records each check, audits new failures.
  fixity: ["fixity.check"],
  // The queue consumer and the backfill of the 30-minute cron: reads files, writes archive_texts
  // and the search vocabulary (search_terms), whose stems it also recomputes when the stemmer changes.
  "text-extraction": ["text.extract", "text.enqueue", "search.restem"],
  // Recomputes every live document's retention status (retention_states) once a day.
  retention: ["retention.refresh"],
  // The outbox dispatcher: hands events to subscribers (notifications composed per recipient).
  events: ["notifications.deliver"],
  // Digests, token reminders, sending queued email.
  notifications: ["notifications.deliver"],
  // Records dead letters; does nothing else.
  queue: [],
};

const isSuperAdmin = (actor: UserActor) => actor.role === ROLES.superAdmin;
/** A designated PPID officer; the atasan PPID acts as an officer too (the desk answers to them). */
const isPpidOfficer = (actor: UserActor) => isSuperAdmin(actor) || actor.ppidRole === "PETUGAS" || actor.ppidRole === "ATASAN";
const isMemberOf = (actor: UserActor, unitKerjaId: number | null) =>
  actor.role === ROLES.satuanKerja && unitKerjaId !== null && actor.unitKerjaId === unitKerjaId;
/** Classes whose file is only ever downloaded, never shown inline. */
const DOWNLOAD_ONLY = new Set<SecurityClass>(["RAHASIA", "SANGAT_RAHASIA"]);

/** May `actor` (null: a visitor) do `action`? */
export function can(actor: Actor | null, action: Action): boolean {
  if (isSystemActor(actor)) return SYSTEM_PERMISSIONS[actor.system].includes(action.type);
  if (action.type === "document.view" || action.type === "document.openFile") {
    const audience = audienceOf(actor);
    const terms = documentTerms(audience, action.document);
    return action.type === "document.view" ? mayView(audience.kind, terms) : mayOpenFile(audience.kind, terms);
  }
  if (action.type === "document.preview") return can(actor, { type: "document.openFile", document: action.document }) && !DOWNLOAD_ONLY.has(action.document.securityClass);
  if (!actor) return false;
  switch (action.type) {
    case "document.create":
      return isSuperAdmin(actor) || actor.role === ROLES.satuanKerja;
    case "document.edit":
    case "document.delete":
    // Restoring an old version changes the document as an edit does.
    case "document.restoreVersion":
      return (
        action.document.archivalState !== "STATIS" &&
        (isSuperAdmin(actor) ||
          (actor.role === ROLES.satuanKerja && action.document.uploaderId === actor.userId && (action.document.custodyUnitId ?? null) === null)) &&
        can(actor, { type: "document.view", document: action.document })
      );
    // Re-queueing the extraction changes what the document is found by, not the record: who may
    // edit it, a Statis one included (its text may still need indexing).
    case "document.reindex":
      return (
        (isSuperAdmin(actor) || (actor.role === ROLES.satuanKerja && action.document.uploaderId === actor.userId)) &&
        can(actor, { type: "document.view", document: action.document })
      );
    case "document.requestAccess":
      return (
        action.document.accessLevel !== "PUBLIC" &&
        action.document.securityClass !== "SANGAT_RAHASIA" &&
        !isSuperAdmin(actor) &&
        actor.role !== ROLES.viewer &&
        !can(actor, { type: "document.openFile", document: action.document })
      );
    case "accessRequest.menu":
      return actor.role !== ROLES.viewer && !isSuperAdmin(actor);
    case "accessRequest.list":
      return actor.role !== ROLES.viewer;
    case "accessRequest.view":
      return (
        can(actor, { type: "accessRequest.list" }) &&
        (isSuperAdmin(actor) ||
          action.request.requesterId === actor.userId ||
          isMemberOf(actor, action.request.ownerUnitKerjaId))
      );
    // Answering and revoking: a Satuan Kerja member of the owning unit, or Super Admin (admins
    // oversee every unit, and a document uploaded by an admin without a unit would otherwise be
    // unanswerable).
    case "accessRequest.respond":
    case "accessRequest.revoke":
      return isSuperAdmin(actor) || isMemberOf(actor, action.ownerUnitKerjaId);
    case "trash.list":
    case "disposal.view":
    case "berkas.list":
    case "jobs.menu":
      return isSuperAdmin(actor) || actor.role === ROLES.satuanKerja;
    case "berkas.view":
      return isSuperAdmin(actor) || isMemberOf(actor, action.berkas.unitKerjaId) || isMemberOf(actor, action.berkas.custodyUnitId);
    // A moved berkas is the records centre's; its unit keeps reading it. A read-only token changes nothing.
    case "berkas.manage":
      return (
        actor.apiToken?.scope !== "read" &&
        (isSuperAdmin(actor) ||
          (action.berkas.custodyUnitId === null ? isMemberOf(actor, action.berkas.unitKerjaId) : isMemberOf(actor, action.berkas.custodyUnitId)))
      );
    case "transfer.propose":
      return actor.apiToken?.scope !== "read" && (isSuperAdmin(actor) || isMemberOf(actor, action.unitKerjaId));
    case "transfer.decide":
      return actor.apiToken?.scope !== "read" && (isSuperAdmin(actor) || isMemberOf(actor, action.recordsCentreId));
    case "vital.manage":
      return isSuperAdmin(actor) && actor.apiToken?.scope !== "read";
    // Back from the trash: who could delete it were it live, or a colleague of its owning unit
    // (the trash page lists the unit's documents, whoever deleted them).
    case "document.restore":
      return (
        can(actor, { type: "document.delete", document: { ...action.document, trashed: false } }) || isMemberOf(actor, action.document.unitKerjaId)
      );
    case "auditLog.read":
    case "auditLog.verify":
    case "classification.manage":
    case "users.manage":
    case "unitKerja.manage":
    case "master.menu":
    case "trash.purge":
    case "fixity.check":
    case "fixity.report":
    case "text.statusFilter":
    case "retention.refresh":
    case "retention.hold":
    case "retention.reappraise":
    case "retention.overview":
    case "berkas.allUnits":
    case "ead.export":
    case "vital.overview":
    case "retention.startBeforeYear":
    case "ppid.calendar":
    case "ppid.designate":
      return isSuperAdmin(actor);
    // A read-only API token reads the register but never changes it (the service checks writes).
    case "ppid.desk":
      return isPpidOfficer(actor);
    case "ppid.objections":
      return isSuperAdmin(actor) || actor.ppidRole === "ATASAN";
    // A read-only API token never changes a list.
    case "disposal.manage":
      return isSuperAdmin(actor) && actor.apiToken?.scope !== "read";
    case "tombstone.view":
      return isSuperAdmin(actor) || isMemberOf(actor, action.unitKerjaId);
    case "beritaAcara.download":
      return (
        isSuperAdmin(actor) ||
        (action.itemUnitKerjaIds.length > 0 && action.itemUnitKerjaIds.every((unitKerjaId) => isMemberOf(actor, unitKerjaId)))
      );
    case "jobs.listAll":
      return isSuperAdmin(actor);
    case "documents.bulkEdit":
      return actor.apiToken?.scope !== "read" && (isSuperAdmin(actor) || actor.role === ROLES.satuanKerja);
    case "import.manage":
      return actor.apiToken?.scope !== "read" && (isSuperAdmin(actor) || (actor.role === ROLES.satuanKerja && actor.unitKerjaId !== null));
    case "import.view":
      return isSuperAdmin(actor) || action.ownerId === actor.userId;
    case "job.view":
      return isSuperAdmin(actor) || (action.ownerId !== null && action.ownerId === actor.userId);
    case "notifications.read":
      return true;
    case "notifications.update":
      return actor.apiToken?.scope !== "read";
    case "apiToken.create":
      return !actor.apiToken;
    case "apiToken.revoke":
      return !actor.apiToken && (isSuperAdmin(actor) || action.ownerId === actor.userId);
    case "apiToken.listAll":
      return !actor.apiToken && isSuperAdmin(actor);
    case "notifications.deliver":
    case "accessRequest.expire":
    case "files.sweep":
    case "text.extract":
    case "text.enqueue":
    case "search.restem":
    case "ppid.purgePersonal":
      return false;
  }
}

/**
 * Throw unless `actor` may do `action`: UnauthenticatedError for a visitor (sign in first),
 * ForbiddenError with `message` for a signed-in user.
 */
export function assertCan(actor: Actor | null, action: Action, message: string): void {
  if (can(actor, action)) return;
  if (!actor) throw new UnauthenticatedError(sessionText.required);
  throw new ForbiddenError(message);
}

/**
 * Which access requests a list shows `actor`: Super Admin all; anyone else who may list, the
 * requests they made plus (Satuan Kerja with a unit) the requests addressed to their unit; null
 * for who may not list at all. Must agree with `accessRequest.view`.
 */
export type AccessRequestScope = { all: true } | { all: false; requesterId: number; unitKerjaId: number | null };
export function accessRequestScope(actor: Actor | null): AccessRequestScope | null {
  if (!can(actor, { type: "accessRequest.list" }) || !actor || isSystemActor(actor)) return null;
  if (isSuperAdmin(actor)) return { all: true };
  return { all: false, requesterId: actor.userId, unitKerjaId: actor.role === ROLES.satuanKerja ? actor.unitKerjaId : null };
}

/**
 * Which part of the disposal workspace `actor` sees: Super Admin everything; a Satuan Kerja
 * member its own unit's candidates and the lists holding them (read-only); null for who may not
 * see it (Viewer, visitors, jobs).
 */
export type DisposalScope = { all: true } | { all: false; unitKerjaId: number | null };
export function disposalScope(actor: Actor | null): DisposalScope | null {
  if (!can(actor, { type: "disposal.view" }) || !actor || isSystemActor(actor)) return null;
  return isSuperAdmin(actor) ? { all: true } : { all: false, unitKerjaId: actor.unitKerjaId };
}
