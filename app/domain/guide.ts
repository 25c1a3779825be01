import { ROLES, type RoleName } from "./roles";

/**
 * The guide (/panduan) as data: one entry per section, each with its anchor and who it is for,
 * so a feature that lands adds its section by adding an entry (and the e2e test checks every
 * entry's anchor). Visitors see the sections for everyone; a signed-in user also those for
 * signed-in users and for their role.
 */

/** Who a section is for: everyone (visitors included), every signed-in user, or some roles. */
export type GuideAudience = "everyone" | "signedIn" | readonly RoleName[];

/**
 * A part of a section. Texts may hold `{origin}` (the site's address) and `{trashDays}` (days in
 * the trash), filled in when the page renders.
 */
export type GuideBlock =
  | { kind: "text"; text: string }
  | { kind: "steps"; items: readonly { title: string; text: string }[] }
  | { kind: "list"; items: readonly string[] }
  | { kind: "terms"; items: readonly { term: string; text: string }[] }
  | { kind: "code"; label: string; text: string };

export type GuideSection = {
  /** The anchor (`/panduan#id`), stable: other pages and people link to it. */
  id: string;
  title: string;
  audience: GuideAudience;
  blocks: readonly GuideBlock[];
};

/** Staff who file records (upload, edit, trash, retention): Satuan Kerja and Super Admin. */
export const FILING_ROLES: readonly RoleName[] = [ROLES.satuanKerja, ROLES.superAdmin];

/** The sections `role` (null: a visitor) reads, in the guide's order. */
export function guideSectionsFor<Section extends Pick<GuideSection, "audience">>(sections: readonly Section[], role: RoleName | null): Section[] {
  return sections.filter(({ audience }) => audience === "everyone" || (role !== null && (audience === "signedIn" || audience.includes(role))));
}

/** `{name}` placeholders of a guide text replaced by `values` (unknown ones stay as written). */
export function fillGuideText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
