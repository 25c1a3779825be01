import { z } from "zod";
import { disposalMessages } from "../i18n/disposal";
import { DISPOSAL_TABS, LIST_KINDS, type CandidateView, type ListKind } from "./disposal-view";

export {
  DISPOSAL_TABS,
  LIST_KINDS,
  listKindOfTab,
  type CandidateView,
  type DisposalItemView,
  type DisposalListSummary,
  type DisposalListView,
  type DisposalTab,
  type ListKind,
} from "./disposal-view";

/**
 * Disposal (penyusutan arsip): the candidates due for their final disposition, the numbered
 * lists built from them (Daftar Arsip Usul Musnah / Usul Serah), the committee's decisions, the
 * ANRI approval and the execution that ends in a Berita Acara. Pure: schemas, constants, rules.
 */

/** Number prefix per kind: UM/2026/001 (Usul Musnah), US/2026/001 (Usul Serah). */
export const LIST_PREFIX: Record<ListKind, string> = { MUSNAH: "UM", SERAH: "US" };

/** The next list number of `kind` in `year`, after the highest sequence already used. */
export function listNumber(kind: ListKind, year: number, lastSequence: number): string {
  return `${LIST_PREFIX[kind]}/${year}/${String(lastSequence + 1).padStart(3, "0")}`;
}

/**
 * Pemusnahan of records whose total retention (active + inactive) is 10 years or more needs the
 * approval of the Head of ANRI (Perka ANRI 37/2016); a hand-over (serah) does not.
 */
export const ANRI_THRESHOLD_YEARS = 10;
export function needsAnriLetter(kind: ListKind, items: readonly { retentionYears: number }[]): boolean {
  return kind === "MUSNAH" && items.some((item) => item.retentionYears >= ANRI_THRESHOLD_YEARS);
}

/**
 * What keeps a draft list from running ('Laksanakan'), in the order the procedure meets it: items
 * the committee has not decided, then the ANRI letter a Musnah list of long-kept records needs.
 * Empty: it can run. The execution refuses with these, and the list page shows them beside a
 * disabled 'Laksanakan', so nobody confirms what would be refused.
 */
export function executionBlockers(list: {
  kind: ListKind;
  anriLetterNumber: string | null;
  anriLetterDate: string | null;
  items: readonly { decision: string | null; retentionYears: number }[];
}): string[] {
  const blockers: string[] = [];
  const undecided = list.items.filter((item) => !item.decision).length;
  if (undecided > 0) blockers.push(disposalMessages.undecided(undecided));
  if (needsAnriLetter(list.kind, list.items) && !(list.anriLetterNumber && list.anriLetterDate)) blockers.push(disposalMessages.anriRequired);
  return blockers;
}

/** Items per list: one batch writes them, and the Berita Acara stays readable. */
export const MAX_LIST_ITEMS = 100;
/** Candidates per workspace page. */
export const CANDIDATE_PAGE_SIZE = 25;

const UUID = z.string().uuid();

/** The workspace's URL: tab, filters and the keyset position (`after`: the last archive id shown). */
export const CandidateQuerySchema = z.object({
  tab: z.enum(DISPOSAL_TABS).catch("MUSNAH"),
  unit: z.coerce.number().int().positive().optional().catch(undefined),
  code: z.string().trim().max(50).optional().catch(undefined).transform((value) => value || undefined),
  year: z.coerce.number().int().min(1900).max(2200).optional().catch(undefined),
  after: z.coerce.number().int().positive().optional().catch(undefined),
});
export type CandidateQuery = z.output<typeof CandidateQuerySchema>;

export function parseCandidateQuery(params: URLSearchParams): CandidateQuery {
  const raw: Record<string, string> = {};
  for (const key of ["tab", "unit", "code", "year", "after"]) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  return CandidateQuerySchema.parse(raw);
}

/** 'Buat Daftar': the kind and the selected candidates (checkboxes named `archive`). */
export const CreateListSchema = z.object({
  kind: z.enum(LIST_KINDS, { error: disposalMessages.kindRequired }),
  archives: z
    .array(UUID, { error: disposalMessages.selectSome })
    .min(1, disposalMessages.selectSome)
    .max(MAX_LIST_ITEMS, disposalMessages.tooMany(MAX_LIST_ITEMS)),
  note: z.string().trim().max(500).default(""),
});
export type CreateListInput = z.output<typeof CreateListSchema>;

/** The committee's decision on one item: Setujui, or Tunda with a reason. */
export const DecisionSchema = z
  .object({
    position: z.coerce.number().int().min(1),
    decision: z.enum(["SETUJUI", "TUNDA"], { error: disposalMessages.decisionRequired }),
    reason: z.string().trim().max(500).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "TUNDA" && !value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: disposalMessages.reasonRequired });
  });
export type DecisionInput = z.output<typeof DecisionSchema>;

/** Persetujuan ANRI: the letter's number and date. */
export const AnriLetterSchema = z.object({
  letterNumber: z.string({ error: disposalMessages.letterNumberRequired }).trim().min(1, disposalMessages.letterNumberRequired).max(100),
  letterDate: z.iso.date({ error: disposalMessages.letterDateRequired }),
});
export type AnriLetterInput = z.output<typeof AnriLetterSchema>;

export type CandidatePage = {
  query: CandidateQuery;
  /** Vital records due for this disposition, left out until their flag is lifted (the page warns). */
  vitalDue: number;
  data: CandidateView[];
  /** The `after` of the next page, or null on the last one. */
  nextAfter: number | null;
  canList: boolean;
};
