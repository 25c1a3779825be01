/**
 * Fixity: whether each stored object still holds the bytes its upload recorded (SHA-256). The
 * scheduled job re-hashes objects in batches, oldest-checked first; a Super Admin can check one
 * document's objects on demand. Views for the dashboard card and the on-demand result.
 */
import type { z } from "zod";
import type { FixityDocumentReportSchema, FixityOverviewSchema, FixityProblemSchema } from "./api/fixity";

/** What one check found: the recorded bytes, other bytes, or no object at all. */
export type FixityOutcome = FixityCheckResult["outcome"];

/** An object whose last check failed. */
export type FixityProblem = z.output<typeof FixityProblemSchema>;

/** The document an object belongs to (the first version that stored it), as the card links it. */
export type FixityDocumentRef = NonNullable<FixityProblem["document"]>;

/** The Super Admin dashboard card. */
export type FixityOverview = z.output<typeof FixityOverviewSchema>;

export const FIXITY_CARD_PROBLEMS = 10;

/** The on-demand check of one document (all its versions' objects). */
export type FixityDocumentReport = z.output<typeof FixityDocumentReportSchema>;

/** One object of a document checked on demand. */
export type FixityCheckResult = FixityDocumentReport["results"][number];

/** The form intent of 'Periksa Integritas File' on the document page. */
export const CHECK_FIXITY_INTENT = "check-fixity";
