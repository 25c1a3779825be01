import { testEnv } from "./env";
import { call, unique } from "./http";
import { parseOai, type OaiResponse, type OaiTransport } from "./oai-harvester";

/** The repository identifier of the test origin (`http://earsip.test`). */
export const REPOSITORY = "earsip.test";
export const oaiId = (uuid: string) => `oai:${REPOSITORY}:${uuid}`;

/** One OAI-PMH request through the Worker: GET with a query, or POST with a form body. */
export function oaiCall(args: Record<string, string> | [string, string][], method: "GET" | "POST" = "GET"): Promise<Response> {
  const params = new URLSearchParams(args);
  return method === "GET"
    ? call(`/oai?${params}`)
    : call("/oai", { method: "POST", body: params.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
}

export async function oai(args: Record<string, string> | [string, string][], method: "GET" | "POST" = "GET"): Promise<{ response: Response; xml: string; oai: OaiResponse }> {
  const response = await oaiCall(args, method);
  const xml = await response.text();
  return { response, xml, oai: parseOai(xml) };
}

export const transport: OaiTransport = (args) => oaiCall(args);

export type Inserted = { id: number; uuid: string };

/**
 * Documents inserted straight into D1 (no R2 object: harvesters never fetch the file), many per
 * batch; the OAI records come from the triggers, as for every write path.
 */
export async function insertDocuments(
  count: number,
  options: { categoryId: number; uploaderId: number; unitKerjaId?: number | null; accessLevel?: "PUBLIC" | "PRIVATE"; title?: (index: number) => string },
): Promise<Inserted[]> {
  const now = new Date().toISOString();
  const rows: Inserted[] = [];
  for (let start = 0; start < count; start += 50) {
    const statements = [];
    for (let index = start; index < Math.min(count, start + 50); index++) {
      const uuid = crypto.randomUUID();
      statements.push(
        testEnv.DB.prepare(
          `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
             r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
           VALUES (?, ?, ?, 2025, ?, ?, ?, ?, ?, ?, ?, 'dokumen.pdf', 2048, 'application/pdf', ?, ?, ?) RETURNING id, uuid`,
        ).bind(
          uuid,
          options.title?.(index) ?? `Dokumen Panen ${index + 1}`,
          unique("OAI"),
          "Deskripsi dokumen untuk panen OAI-PMH.",
          "arsip, oai, panen",
          options.accessLevel ?? "PUBLIC",
          options.categoryId,
          options.uploaderId,
          options.unitKerjaId ?? null,
          `archives/${uuid}`,
          "0".repeat(64),
          now,
          now,
        ),
      );
    }
    for (const result of await testEnv.DB.batch<Inserted>(statements)) rows.push(result.results[0]!);
  }
  return rows;
}

export async function oaiRecord(uuid: string) {
  return testEnv.DB.prepare("SELECT id, uuid, datestamp, deleted, category_id, unit_kerja_id FROM oai_records WHERE uuid = ?")
    .bind(uuid)
    .first<{ id: number; uuid: string; datestamp: string; deleted: number; category_id: number | null; unit_kerja_id: number | null }>();
}

/** Wait until the clock is in the next whole second (datestamps have second granularity). */
export async function nextSecond(): Promise<void> {
  const ms = 1000 - (Date.now() % 1000) + 20;
  await new Promise((resolve) => setTimeout(resolve, ms));
}
