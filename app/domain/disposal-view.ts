// The zod-free half of the disposal domain (tabs, list kinds, view types): page components import
// it without pulling zod into the browser.

/** The workspace's tabs: which final disposition the candidates are due for. */
export const DISPOSAL_TABS = ["MUSNAH", "PERMANEN", "DINILAI_KEMBALI"] as const;
export type DisposalTab = (typeof DISPOSAL_TABS)[number];

export const LIST_KINDS = ["MUSNAH", "SERAH"] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The list a tab's candidates go on (Dinilai Kembali is reappraised, never listed). */
export const listKindOfTab = (tab: DisposalTab): ListKind | null => (tab === "MUSNAH" ? "MUSNAH" : tab === "PERMANEN" ? "SERAH" : null);

export type CandidateView = {
  uuid: string;
  title: string;
  documentNumber: string;
  year: number;
  classificationCode: string | null;
  unitKerja: string | null;
  /** The berkas it is filed in: listed with it, the berkas is listed whole. */
  berkasNumber: string | null;
  disposition: DisposalTab;
  dueSince: string | null;
};

export type DisposalItemView = {
  position: number;
  archiveUuid: string;
  classificationCode: string;
  title: string;
  documentNumber: string;
  year: number;
  fileCount: number;
  retentionYears: number;
  unitKerja: string | null;
  decision: "SETUJUI" | "TUNDA" | null;
  decisionReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  outcome: "DONE" | "SKIPPED" | null;
  skipReason: string | null;
};

export type DisposalListSummary = {
  uuid: string;
  kind: ListKind;
  number: string;
  status: "DRAFT" | "EXECUTING" | "EXECUTED";
  itemCount: number;
  createdAt: string;
  createdBy: string | null;
  executedAt: string | null;
};

export type DisposalListView = DisposalListSummary & {
  note: string;
  anriLetterNumber: string | null;
  anriLetterDate: string | null;
  needsAnriLetter: boolean;
  /** Why 'Laksanakan' cannot run yet (`executionBlockers`); empty once it can, and for a list already run. */
  executionBlockers: string[];
  executedBy: string | null;
  items: DisposalItemView[];
  beritaAcara: { uuid: string; number: string; issuedOn: string; listSha256: string; pdfSha256: string } | null;
  canManage: boolean;
};
