import type { ImportView } from "~/server/imports/service.server";
import { call, type SignedIn } from "./http";

/** An import once it has ended (the queue's consumer runs it in the background), read through the API. */
export async function settledImport(session: SignedIn, uuid: string): Promise<ImportView> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const view = await (await call(`/api/v1/imports/${uuid}`, { cookie: session.cookie, ip: session.ip })).json<ImportView>();
    if (["DONE", "FAILED", "CANCELLED"].includes(view.status)) return view;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`import ${uuid} did not end`);
}
