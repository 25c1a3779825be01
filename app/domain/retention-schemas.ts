import { z } from "zod";
import { retentionValidation as v } from "../i18n/retention";
import { isIsoDate } from "./retention";

/** A reason, required and bounded (a hold, its release, a reappraisal). */
const reason = z.string({ error: v.reasonRequired }).trim().min(1, v.reasonRequired).max(500, v.reasonMax);

/** 'Penahanan': put on hold (document or code), with the reason the audit log keeps. */
export const HoldSchema = z.object({ reason });
export type HoldInput = z.infer<typeof HoldSchema>;

/** Releasing a hold: why it no longer applies. */
export const ReleaseHoldSchema = z.object({ reason });

export const REAPPRAISAL_OUTCOMES = ["EXTEND", "MUSNAH", "PERMANEN"] as const;
export type ReappraisalOutcome = (typeof REAPPRAISAL_OUTCOMES)[number];

/**
 * Dinilai Kembali: extend the retention to a later date (after today, checked by the service,
 * which knows the day), or move the record to Musnah or Permanen; always with a reason.
 */
export const ReappraisalSchema = z
  .object({
    outcome: z.enum(REAPPRAISAL_OUTCOMES, { error: v.outcomeRequired }),
    until: z
      .string()
      .trim()
      .refine((date) => date === "" || isIsoDate(date), v.untilInvalid)
      .optional(),
    reason,
  })
  .superRefine((input, context) => {
    if (input.outcome === "EXTEND" && !input.until) context.addIssue({ code: "custom", path: ["until"], message: v.untilRequired });
  });
export type ReappraisalInput = z.infer<typeof ReappraisalSchema>;
