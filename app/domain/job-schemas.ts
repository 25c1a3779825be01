import { z } from "zod";
import { JOB_STATUSES } from "./jobs";
import { createListQuerySchema } from "./list-query";

/** `/app/pekerjaan` and `GET /api/v1/jobs`: newest first, filtered by status and kind. */
export const JobListQuerySchema = createListQuerySchema({
  sorts: ["createdAt"],
  defaultSort: "createdAt",
  filters: {
    status: z.enum(JOB_STATUSES).optional().catch(undefined),
    kind: z.string().max(40).optional().catch(undefined),
  },
});
export type JobListQuery = z.output<typeof JobListQuerySchema>;
