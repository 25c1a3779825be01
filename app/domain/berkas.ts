import { z } from "zod";
import { berkasText } from "../i18n/berkas";
import { blankToUndefined, toInteger } from "./form-input";
import { createListQuerySchema } from "./list-query";
import type { RetentionStatus } from "./retention";
import { DAFTAR_JENIS, DEVELOPMENT_LEVELS, type DevelopmentLevel } from "./berkas-view";

export { DAFTAR_JENIS, DEVELOPMENT_LEVELS, kurunWaktu, locationText, type DaftarJenis, type DevelopmentLevel } from "./berkas-view";

/**
 * Berkas (pemberkasan): a file of the records of one matter, under one classification code, of
 * one work unit. Pure: the form and API schemas, the list queries and the views.
 */


/** At most this many documents are filed by one call (one batch writes them with their audit rows). */
export const MAX_FILED_PER_CALL = 100;

const v = berkasText.validation;

const number = z.string(v.numberRequired).trim().min(1, v.numberRequired).max(50, v.numberMax);
const title = z.string(v.titleRequired).trim().min(5, v.titleMin).max(500, v.titleMax);
const classificationCode = z.string(v.codeRequired).trim().min(1, v.codeRequired).max(50, v.codeRequired);
const developmentLevel = z.preprocess(blankToUndefined, z.enum(DEVELOPMENT_LEVELS, v.developmentLevel).default("ASLI"));
const note = z.preprocess(blankToUndefined, z.string().trim().max(500, v.noteMax).default(""));

/**
 * 'Buat Berkas' (the page and `POST /api/v1/berkas`): `unitKerjaId` is a Super Admin's choice;
 * a Satuan Kerja member's berkas is always its own unit's.
 */
export const BerkasCreateSchema = z.object({
  number,
  title,
  classificationCode,
  unitKerjaId: z.preprocess(toInteger, z.number(v.unitInvalid).int(v.unitInvalid).positive(v.unitInvalid).optional()),
  developmentLevel,
  note,
});
export type BerkasCreateInput = z.output<typeof BerkasCreateSchema>;

/** 'Ubah Berkas' (`PUT /api/v1/berkas/{id}`): the unit stays; the code changes only while the berkas is empty. */
export const BerkasUpdateSchema = BerkasCreateSchema.omit({ unitKerjaId: true });
export type BerkasUpdateInput = z.output<typeof BerkasUpdateSchema>;

/** 'Masukkan ke Berkas' (`POST /api/v1/berkas/{id}/items`): the documents to file, by uuid. */
export const BerkasItemsSchema = z.object({
  archiveUuids: z
    .array(z.string().uuid(v.documentsInvalid), v.documentsRequired)
    .min(1, v.documentsRequired)
    .max(MAX_FILED_PER_CALL, v.tooMany(MAX_FILED_PER_CALL)),
});
export type BerkasItemsInput = z.output<typeof BerkasItemsSchema>;

export const BERKAS_SORTS = ["number", "title", "updatedAt"] as const;

/** `/app/berkas` and `GET /api/v1/berkas`: by number; Super Admin filters by unit. */
export const BerkasListQuerySchema = createListQuerySchema({
  sorts: BERKAS_SORTS,
  defaultSort: "number",
  defaultDir: "asc",
  filters: { unit: z.coerce.number().int().positive().optional().catch(undefined) },
});
export type BerkasListQuery = z.output<typeof BerkasListQuerySchema>;

/** Where a moved berkas is kept: the records centre, its box and rack (when it has paper). */
export type CustodyView = { unitKerjaId: number; unitKerjaName: string; box: string | null; rack: string | null };

/** A berkas as lists and the API show it; dates and count come from its live documents. */
export type BerkasView = {
  id: number;
  number: string;
  title: string;
  classificationCode: string;
  classificationName: string;
  unitKerjaId: number;
  unitKerjaName: string;
  startYear: number | null;
  endYear: number | null;
  itemCount: number;
  developmentLevel: DevelopmentLevel;
  note: string;
  custody: CustodyView | null;
  createdAt: string;
  updatedAt: string;
};

/** One document of a berkas as its page lists it (only those the reader may see). */
export type BerkasItemView = { uuid: string; title: string; documentNumber: string; year: number; vital: boolean };

export type BerkasDetailView = BerkasView & {
  items: BerkasItemView[];
  /** Documents of the berkas the reader may not see (SANGAT_RAHASIA of another unit): counted, not named. */
  hiddenItems: number;
  /** The berkas's retention clock (that of every item), or null while it is empty. */
  retention: { status: RetentionStatus; activeUntil: string | null; inactiveUntil: string | null; disposition: string | null } | null;
  /** Whether it may take documents, change or be deleted now (its unit's, at its unit, on no open list). */
  canManage: boolean;
  /** Why it cannot take documents now (moved, on a list), or null. */
  closedReason: string | null;
};

/** A berkas a document may be filed into (same unit and code, open), for the document page's select. */
export type BerkasOption = { id: number; number: string; title: string };

/** A berkas the list's bulk edit may file into: open, the actor's unit's (Super Admin: any unit's). */
export type BulkBerkasOption = BerkasOption & { classificationCode: string; unitKerjaName: string };

/** The Daftar Arsip: `?jenis=aktif|inaktif`, Super Admin's `unit`, paged. */

export const DaftarArsipQuerySchema = createListQuerySchema({
  sorts: ["number"] as const,
  defaultSort: "number",
  defaultDir: "asc",
  filters: {
    jenis: z.enum(DAFTAR_JENIS).catch("aktif").default("aktif"),
    unit: z.coerce.number().int().positive().optional().catch(undefined),
  },
});
export type DaftarArsipQuery = z.output<typeof DaftarArsipQuerySchema>;

/** How ANRI's lists (Daftar Arsip, Daftar Arsip Usul Pindah) describe a berkas. */
export type BerkasDescription = {
  berkasId: number;
  classificationCode: string;
  title: string;
  /** Kurun waktu: the first and last year of its documents. */
  startYear: number | null;
  endYear: number | null;
  itemCount: number;
  developmentLevel: DevelopmentLevel;
};

/** One row of the Daftar Arsip Aktif / Inaktif: ANRI's columns. */
export type DaftarArsipRow = BerkasDescription & {
  number: string;
  /** Keterangan: the berkas's note, and what else an archivist needs to know (moved, held). */
  remarks: string;
  /** Lokasi / nomor boks where known (a berkas moved to the records centre). */
  location: string | null;
  unitKerjaName: string;
};
