import { ForbiddenError, UnauthenticatedError } from "./errors";
import { session as sessionText } from "../i18n/session";
import { ROLES, type RoleName } from "./roles";

/**
 * The one permission policy (who may do what, by role and work unit). Pure: services call
 * it to enforce; loaders call the same function to tell pages what to hide (the browser never
 * runs it).
 */
export type Actor = {
  userId: number;
  role: RoleName;
  unitKerjaId: number | null;
};

export type DocumentRef = {
  uploaderId: number;
  unitKerjaId: number | null;
  accessLevel: "PRIVATE" | "PUBLIC";
};

export type AccessRequestRef = { requesterId: number; ownerUnitKerjaId: number | null };

export type Action =
  | { type: "document.create" }
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
  | { type: "master.menu" };

const isSuperAdmin = (actor: Actor) => actor.role === ROLES.superAdmin;
const isMemberOf = (actor: Actor, unitKerjaId: number | null) =>
  actor.role === ROLES.satuanKerja && unitKerjaId !== null && actor.unitKerjaId === unitKerjaId;

/** May `actor` (null: a visitor) do `action`? */
export function can(actor: Actor | null, action: Action): boolean {
  if (action.type === "document.openFile" && action.document.accessLevel === "PUBLIC") return true;
  if (!actor) return false;
  switch (action.type) {
    case "document.create":
      return isSuperAdmin(actor) || actor.role === ROLES.satuanKerja;
    case "document.edit":
    case "document.delete":
      return (
        isSuperAdmin(actor) ||
        (actor.role === ROLES.satuanKerja && action.document.uploaderId === actor.userId)
      );
    case "document.openFile":
      return (
        isSuperAdmin(actor) ||
        action.document.uploaderId === actor.userId ||
        isMemberOf(actor, action.document.unitKerjaId)
      );
    case "document.requestAccess":
      return (
        action.document.accessLevel !== "PUBLIC" &&
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
    case "auditLog.read":
    case "users.manage":
    case "unitKerja.manage":
    case "master.menu":
      return isSuperAdmin(actor);
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
  if (!can(actor, { type: "accessRequest.list" }) || !actor) return null;
  if (isSuperAdmin(actor)) return { all: true };
  return { all: false, requesterId: actor.userId, unitKerjaId: actor.role === ROLES.satuanKerja ? actor.unitKerjaId : null };
}
