import { href } from "react-router";
import type { DocumentView } from "~/domain/documents";
import { can } from "~/domain/policy";
import { VitalSchema } from "~/domain/vital";
import { berkasText } from "~/i18n/berkas";
import { vitalText } from "~/i18n/vital";
import type { SignedInContext } from "~/routes/helpers/gates.server";
import { formFields } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { berkasOfDocument, berkasOptionsFor, fileDocumentsIntoBerkas, removeDocumentFromBerkas } from "~/server/berkas/service.server";
import { getVitalView, runRestoreDrill, setVital } from "~/server/vital/service.server";

/** The intents of the document page's 'Berkas' and 'Arsip Vital' sections. */
const INTENTS = ["file-berkas", "unfile-berkas", "vital-set", "vital-lift", "vital-drill"] as const;

/**
 * What the document page shows of its berkas and vital flag: the berkas it is in (or the open
 * berkas it could go into, and where to make one), and for Super Admin the vital section.
 */
export async function documentArchivalPanel(ctx: SignedInContext, document: DocumentView) {
  const [berkas, options, vital] = await Promise.all([
    berkasOfDocument(ctx, document.berkasId),
    document.berkasId === null ? berkasOptionsFor(ctx, document) : Promise.resolve([]),
    getVitalView(ctx, document.uuid),
  ]);
  const canFile =
    document.berkasId === null &&
    document.unitKerjaId !== null &&
    document.classificationCode !== null &&
    can(ctx.actor, { type: "berkas.manage", berkas: { unitKerjaId: document.unitKerjaId, custodyUnitId: null } });
  const createHref =
    canFile && document.classificationCode
      ? `${href("/app/berkas/create")}?${new URLSearchParams({ kode: document.classificationCode, unit: String(document.unitKerjaId), arsip: document.uuid })}`
      : null;
  return { berkas, berkasOptions: canFile ? options : [], createBerkasHref: createHref, vital, vitalRules: vital ? formRules(VitalSchema) : null };
}

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
        return { to: here, toast: berkasText.filed(result.filed, result.berkas.number) };
      }
      if (intent === "unfile-berkas") {
        const { title } = await removeDocumentFromBerkas(ctx, berkasId, uuid);
        return { to: here, toast: berkasText.removed(title) };
      }
      const fields = formFields(form);
      const view = await setVital(ctx, uuid, { ...fields, vital: intent === "vital-set" ? "true" : "false" });
      return { to: here, toast: view.vital ? vitalText.flagged : vitalText.lifted };
    },
    { toast: { to: here } },
  );
}
