import { z } from "zod";
import { transferMessages } from "../i18n/transfers";
import type { BerkasDescription } from "./berkas";

/**
 * Pemindahan arsip inaktif: a unit proposes berkas whose active period has passed; the records
 * centre (unit kearsipan) accepts them, recording where their paper is kept, or rejects the
 * proposal. Pure: schemas, numbering, views.
 */

export const TRANSFER_STATUSES = ["DIUSULKAN", "DITERIMA", "DITOLAK"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Berkas per proposal: one batch moves them, and the Daftar stays readable. */
export const MAX_TRANSFER_BERKAS = 100;

const v = transferMessages.validation;

/** 'Usulkan Pemindahan': the chosen berkas (checkboxes named `berkas`) and a note. */
export const ProposeTransferSchema = z.object({
  berkas: z
    .array(z.coerce.number(v.berkasRequired).int().positive(), v.berkasRequired)
    .min(1, v.berkasRequired)
    .max(MAX_TRANSFER_BERKAS, v.tooMany(MAX_TRANSFER_BERKAS)),
  note: z.string().trim().max(500, v.noteMax).default(""),
});
export type ProposeTransferInput = z.output<typeof ProposeTransferSchema>;

const location = z.string().trim().max(50, v.locationMax).default("");

/** 'Terima': per item position, the box and rack where its paper is kept (both optional). */
export const AcceptTransferSchema = z.object({
  locations: z.array(z.object({ position: z.coerce.number().int().min(1), box: location, rack: location })).default([]),
});
export type AcceptTransferInput = z.output<typeof AcceptTransferSchema>;

/** 'Tolak': the reason. */
export const RejectTransferSchema = z.object({
  reason: z.string(v.reasonRequired).trim().min(5, v.reasonRequired).max(500, v.noteMax),
});

/** PA/2026/001: the next transfer number of `year` after the highest sequence used. */
export const transferNumber = (year: number, lastSequence: number) => `PA/${year}/${String(lastSequence + 1).padStart(3, "0")}`;

/** A berkas that may be proposed (its active period passed, at its unit, on no open proposal). */
export type TransferCandidate = {
  id: number;
  number: string;
  title: string;
  classificationCode: string;
  unitKerjaName: string;
  startYear: number | null;
  endYear: number | null;
  itemCount: number;
  activeUntil: string | null;
};

/** One berkas of a transfer's list, in its place, with the box and rack it is moved in. */
export type TransferItemView = BerkasDescription & {
  position: number;
  berkasNumber: string;
  box: string | null;
  rack: string | null;
};

export type TransferSummary = {
  uuid: string;
  number: string;
  status: TransferStatus;
  unitKerjaName: string;
  berkasCount: number;
  proposedAt: string;
  decidedAt: string | null;
};

export type TransferView = TransferSummary & {
  note: string;
  proposedBy: string | null;
  decidedBy: string | null;
  decisionNote: string | null;
  recordsCentreName: string | null;
  items: TransferItemView[];
  beritaAcara: { uuid: string; number: string; issuedOn: string; listSha256: string; pdfSha256: string } | null;
  /** The records centre's staff (or Super Admin) may decide a proposal. */
  canDecide: boolean;
};
