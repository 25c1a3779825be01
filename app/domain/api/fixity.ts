import { z } from "zod";
import { timestamp, uuid } from "./common";

/** The contract of `/api/v1/fixity` and `POST /api/v1/archives/{uuid}/fixity` (see common.ts). */

const outcome = z.enum(["OK", "MISMATCH", "MISSING"]).meta({ description: "The recorded bytes, other bytes, or no object at all." });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const FixityProblemSchema = z
  .object({
    outcome: outcome.exclude(["OK"]),
    failingSince: timestamp().meta({ description: "The first failing check of the current run of failures." }),
    checkedAt: timestamp(),
    expectedSha256: sha256,
    actualSha256: sha256.nullable(),
    document: z
      .object({ uuid: uuid(), title: z.string(), version: z.int().min(1), inTrash: z.boolean() })
      .nullable()
      .meta({ description: "The document of the first version that stored the object." }),
  })
  .meta({ ref: "FixityProblem" });

export const FixityOverviewSchema = z
  .object({
    oldestCheckAt: timestamp().nullable().meta({ description: "The oldest last check among checked objects: every checked object was checked since." }),
    lastCheckAt: timestamp().nullable(),
    someNeverChecked: z.boolean(),
    failing: z.int().min(0),
    problems: z.array(FixityProblemSchema).meta({ description: "The newest failures first (at most 10)." }),
  })
  .meta({ ref: "FixityOverview" });

export const FixityDocumentReportSchema = z
  .object({
    uuid: uuid(),
    title: z.string(),
    checkedAt: timestamp(),
    ok: z.boolean(),
    results: z.array(
      z.object({ versions: z.array(z.int().min(1)), outcome, expectedSha256: sha256, actualSha256: sha256.nullable(), size: z.int().min(0) }),
    ),
  })
  .meta({ ref: "FixityReport" });
