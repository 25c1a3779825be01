import { href } from "react-router";
import type { BerkasOption } from "~/domain/berkas";
import type { DocumentView } from "~/domain/documents";
import { VitalSchema, type VitalView } from "~/domain/vital";
import { berkasMessages } from "~/i18n/berkas";
import { vitalText } from "~/i18n/vital";
import type { SignedInContext } from "~/routes/helpers/gates.server";
import { formFields } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import {
  berkasOfDocumentRead,
  berkasOptionsRead,
  mayFileIntoBerkas,
  fileDocumentsIntoBerkas,
  removeDocumentFromBerkas,
  type BerkasOfDocument,
} from "~/server/berkas/service.server";
import type { DocumentRow } from "~/server/documents/queries.server";
import { runRestoreDrill, setVital, vitalViewRead } from "~/server/vital/service.server";

/** The intents of the document page's 'Berkas' and 'Arsip Vital' sections. */
const INTENTS = ["file-berkas", "unfile-berkas", "vital-set", "vital-lift", "vital-drill"] as const;

/**
 * What the document page shows of its berkas and vital flag: the berkas it is in (or the open
 * berkas it could go into, and where to make one), and for Super Admin the vital section. The
 * options and the vital section come from the page's shared round trip (`archivalReads`).
 */
export function documentArchivalPanel(
  ctx: SignedInContext,
  document: DocumentView,
  [berkas, options, vital]: [BerkasOfDocument | null, BerkasOption[], VitalView | null],
) {
  const createHref = mayFileIntoBerkas(ctx, document)
    ? `${href("/app/berkas/create")}?${new URLSearchParams({ kode: document.classificationCode, unit: String(document.unitKerjaId), arsip: document.uuid })}`
    : null;
  // `options` is empty where the actor may not file the document (`berkasOptionsRead` made no statement).
  return { berkas, berkasOptions: options, createBerkasHref: createHref, vital, vitalRules: vital ? formRules(VitalSchema) : null };
}

/** The reads of `documentArchivalPanel` that share the document page's round trip. */
export const archivalReads = (ctx: SignedInContext, document: DocumentView, row: DocumentRow) =>
  [berkasOfDocumentRead(ctx, document.berkasId), berkasOptionsRead(ctx, document), vitalViewRead(ctx, row)] as const;

/**
 * The document page's action for those sections: answers the intents above (a toast back on
 * the page, the refusal's reason when refused) and null for any other.
 */
export async function documentArchivalAction(ctx: SignedInContext, uuid: string, form: FormData) {
  const intent = form.get("intent");
  if (!INTENTS.includes(intent as (typeof INTENTS)[number])) return null;
  const here = href("/app/documents/:uuid", { uuid });
  const berkasId = String(form.get("berkasId") ?? "");
  if (intent === "vital-drill") {
    return pageAction(
      ctx,
      async () => {
        const drill = await runRestoreDrill(ctx, uuid);
        if (drill.outcome === "OK") return { to: here, toast: vitalText.drillResult(true) };
        return { to: here, flash: { type: "error", message: vitalText.drillResult(false) } };
      },
      { toast: { to: here } },
    );
  }
  return pageAction(
    ctx,
    async () => {
      if (intent === "file-berkas") {
        const result = await fileDocumentsIntoBerkas(ctx, berkasId, [uuid]);
        return { to: here, toast: berkasMessages.filed(result.filed, result.berkas.number) };
      }
      if (intent === "unfile-berkas") {
        const { title } = await removeDocumentFromBerkas(ctx, berkasId, uuid);
        return { to: here, toast: berkasMessages.removed(title) };
      }
      const fields = formFields(form);
      const view = await setVital(ctx, uuid, { ...fields, vital: intent === "vital-set" ? "true" : "false" });
      return { to: here, toast: view.vital ? vitalText.flagged : vitalText.lifted };
    },
    { toast: { to: here } },
  );
}
