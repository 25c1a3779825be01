import { z } from "zod";
import { vitalText } from "../i18n/vital";
import { toInteger } from "./form-input";

/**
 * Arsip vital: records the university needs to keep working after a disaster. Super Admin flags
 * them with a reason and a review period; they keep a second copy in another bucket, restore
 * drills prove the copy, and they stay off disposal lists until the flag is lifted. Pure.
 */

const v = vitalText.validation;

/** Form values and JSON alike: "true"/"false" (a form), true/false (JSON). */
const flag = z.preprocess((value) => (value === "true" || value === "on" ? true : value === "false" ? false : value), z.boolean(v.vitalRequired));

/**
 * 'Tetapkan Arsip Vital' / 'Cabut Status Vital' (`PUT /api/v1/archives/{uuid}/vital`): `vital`
 * true sets (or renews) the flag with its reason and review period in months; false lifts it,
 * with the reason it no longer applies.
 */
export const VitalSchema = z
  .object({
    vital: flag,
    reason: z.string(v.reasonRequired).trim().min(5, v.reasonMin).max(500, v.reasonMax),
    reviewMonths: z.preprocess(toInteger, z.number(v.reviewMonths).int(v.reviewMonths).min(1, v.reviewMonths).max(120, v.reviewMonths).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.vital && value.reviewMonths === undefined) ctx.addIssue({ code: "custom", path: ["reviewMonths"], message: v.reviewMonthsRequired });
  });
export type VitalInput = z.output<typeof VitalSchema>;

/** What a check or a drill found of a second copy. */
export type CopyOutcome = "OK" | "MISMATCH" | "MISSING";

/** A restore drill's evidence. */
export type DrillView = {
  outcome: CopyOutcome;
  expectedSha256: string;
  actualSha256: string | null;
  bytes: number | null;
  durationMs: number;
  drilledAt: string;
  drilledBy: string | null;
};

/** The 'Arsip Vital' section of a document (Super Admin). */
export type VitalView = {
  vital: boolean;
  reason: string | null;
  reviewMonths: number | null;
  /** YYYY-MM-DD: when the flag is due for review. */
  reviewDueOn: string | null;
  flaggedAt: string | null;
  flaggedBy: string | null;
  /** The second copy of the current file: its last state, or null when none was written yet. */
  copy: { status: CopyOutcome; checkedAt: string | null } | null;
  lastDrill: DrillView | null;
};

/** The Super Admin dashboard's card. */
export type VitalOverview = {
  vitalRecords: number;
  reviewDue: number;
  copiesMissing: number;
  lastDrill: (DrillView & { uuid: string; title: string }) | null;
};

/** `today` (YYYY-MM-DD, in Jakarta) plus `months`: the day the flag is due for review (the last day of a shorter month). */
export function reviewDueOn(today: string, months: number): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, "0")}-${String(targetMonth).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}
