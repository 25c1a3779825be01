import { ROLES } from "./roles";
import type { SecurityClass } from "./security-classes";

/**
 * The one access rule: who may see a document (its metadata: lists, search, counts, facets,
 * statistics, feeds, the detail page) and who may open its file. It is written ONCE, below, in a
 * small vocabulary of terms (`ViewTerms`, `FileTerms`); each reading gives the terms a meaning:
 * - the policy's TypeScript reading (`documentTerms`): a boolean for one document, which `can()`
 *   answers `document.view` and `document.openFile` with;
 * - the SQL reading (app/server/documents/access.server.ts): a condition on `archives a`, which
 *   every list, search, facet, count, statistic, sitemap and OAI-PMH read filters with;
 * - the trigger-kept counts' reading (same module): a condition on `archive_counts`, whose key
 *   holds exactly the document attributes the view rule reads.
 * An integration test runs the readings over every role × unit × class × state and fails when
 * they disagree, so nobody can change one reading without the others.
 */

/**
 * Who reads, as far as the rule is concerned: the public (visitors, and everyone on the public
 * pages), Super Admin (every document), or any other signed-in user (`unit`: `unitKerjaId` is the
 * unit they belong to as Satuan Kerja, null for other roles; `userId` finds their own uploads).
 */
export type Audience = { kind: "public" } | { kind: "all" } | { kind: "unit"; unitKerjaId: number | null; userId: number };
export type AudienceKind = Audience["kind"];

/** Who reads the catalogue for a user (null: a visitor; `publicOnly`: the public pages, for everyone). */
export function audienceOfUser(user: { userId: number; role: string; unitKerjaId: number | null } | null, options: { publicOnly?: boolean } = {}): Audience {
  if (!user || options.publicOnly) return { kind: "public" };
  if (user.role === ROLES.superAdmin) return { kind: "all" };
  return { kind: "unit", unitKerjaId: user.role === ROLES.satuanKerja ? user.unitKerjaId : null, userId: user.userId };
}

/** The words the view rule is written in; a reading gives each its meaning. */
export interface ViewTerms<Condition> {
  /** Always / never (the readings fold them away). */
  readonly yes: Condition;
  readonly no: Condition;
  /** Not in the trash. */
  readonly live: Condition;
  /** Access level PUBLIC (⇔ class BIASA). */
  readonly isPublic: Condition;
  /** Security class SANGAT_RAHASIA. */
  readonly sangatRahasia: Condition;
  /** Owned by the reader's work unit (the reader is a Satuan Kerja member of it). */
  readonly ofReadersUnit: Condition;
  and(...parts: Condition[]): Condition;
  or(...parts: Condition[]): Condition;
  not(part: Condition): Condition;
}

/** The file rule's words: the view rule's, plus who uploaded the document and who holds it. */
export interface FileTerms<Condition> extends ViewTerms<Condition> {
  /** Uploaded by the reader. */
  readonly uploadedByReader: Condition;
  /** Held by the reader's work unit as the records centre (its berkas was moved there: pemindahan). */
  readonly heldByReadersUnit: Condition;
}

/**
 * Metadata, whatever the document's state: PUBLIC for the public; everything for Super Admin;
 * for anyone else signed in, everything but SANGAT_RAHASIA documents of other units (a
 * SANGAT_RAHASIA document is its owning unit's and Super Admin's alone — not even a former member
 * who uploaded it sees it).
 */
export function seesMetadata<C>(kind: AudienceKind, t: ViewTerms<C>): C {
  if (kind === "all") return t.yes;
  if (kind === "public") return t.isPublic;
  return t.or(t.not(t.sangatRahasia), t.ofReadersUnit);
}

/**
 * The file, whatever the document's state: PUBLIC files for everyone; every file for Super Admin;
 * else the files of the reader's unit and, but for SANGAT_RAHASIA, the files they uploaded and
 * those their unit holds as the records centre.
 */
export function opensFile<C>(kind: AudienceKind, t: FileTerms<C>): C {
  if (kind === "all") return t.yes;
  if (kind === "public") return t.isPublic;
  return t.or(t.isPublic, t.ofReadersUnit, t.and(t.or(t.uploadedByReader, t.heldByReadersUnit), t.not(t.sangatRahasia)));
}

/** `document.view`: a live document whose metadata the reader may see. Statis and held records are read as any other. */
export const mayView = <C>(kind: AudienceKind, t: ViewTerms<C>): C => t.and(t.live, seesMetadata(kind, t));

/** `document.openFile`: a live document whose file the reader may open. */
export const mayOpenFile = <C>(kind: AudienceKind, t: FileTerms<C>): C => t.and(t.live, opensFile(kind, t));

/** What the TypeScript reading needs to know of a document. */
export type AccessedDocument = {
  uploaderId: number;
  unitKerjaId: number | null;
  accessLevel: "PRIVATE" | "PUBLIC";
  securityClass: SecurityClass;
  /** In the trash (absent: live, as every row read through the live catalogue is). */
  trashed?: boolean;
  /**
   * The records centre once the document's berkas was moved there (pemindahan): its staff may
   * open the file, and only Super Admin still changes the record (the unit keeps read access).
   */
  custodyUnitId?: number | null;
};

/** The TypeScript reading: the terms as booleans for one document and one reader. */
export function documentTerms(audience: Audience, document: AccessedDocument): FileTerms<boolean> {
  const member = audience.kind === "unit" ? audience : null;
  return {
    yes: true,
    no: false,
    live: !document.trashed,
    isPublic: document.accessLevel === "PUBLIC",
    sangatRahasia: document.securityClass === "SANGAT_RAHASIA",
    ofReadersUnit: member !== null && member.unitKerjaId !== null && document.unitKerjaId === member.unitKerjaId,
    uploadedByReader: member !== null && document.uploaderId === member.userId,
    heldByReadersUnit: member !== null && member.unitKerjaId !== null && (document.custodyUnitId ?? null) === member.unitKerjaId,
    and: (...parts) => parts.every(Boolean),
    or: (...parts) => parts.some(Boolean),
    not: (part) => !part,
  };
}
