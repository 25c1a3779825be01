import { href } from "react-router";
import type { Route } from "./+types/berkas-create";
import { FormPage } from "~/components/form-page";
import { BerkasForm } from "~/components/berkas/berkas-form";
import { BerkasCreateSchema } from "~/domain/berkas";
import { berkasMessages } from "~/i18n/berkas";
import { berkasFormText } from "~/i18n/berkas-form";
import { pageMeta } from "~/lib/meta";
import { withFormValues } from "~/routes/helpers/admin-pages.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { berkasUnits, createBerkas, fileDocumentsIntoBerkas } from "~/server/berkas/service.server";
import { classificationOptions } from "~/server/classification/service.server";

export const meta = () => pageMeta({ title: berkasFormText.createTitle });

/** The field naming a document to file into the new berkas (from the document page's 'Buat berkas'). */
const ARCHIVE_FIELD = "archiveUuid";

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const params = new URL(request.url).searchParams;
  const [codes, units] = await Promise.all([classificationOptions(ctx), berkasUnits(ctx)]);
  return {
    codes,
    units,
    rules: formRules(BerkasCreateSchema),
    // Coming from a document: its code and unit are the berkas's, and it is filed into it next.
    defaults: { classificationCode: params.get("kode") ?? undefined, unitKerjaId: params.get("unit") ?? undefined },
    archiveUuid: params.get("arsip"),
  };
}

/** 'Buat Berkas': the berkas, then (coming from a document) that document filed into it; its page opens next. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const archiveUuid = form.get(ARCHIVE_FIELD);
  form.delete(ARCHIVE_FIELD);
  return pageAction(
    ctx,
    async () => {
      const berkas = await withFormValues(form, [], (fields) => createBerkas(ctx, fields));
      if (typeof archiveUuid === "string" && archiveUuid) {
        const filed = await fileDocumentsIntoBerkas(ctx, berkas.id, [archiveUuid]);
        return { to: href("/app/documents/:uuid", { uuid: archiveUuid }), toast: berkasMessages.filed(filed.filed, berkas.number) };
      }
      return { to: href("/app/berkas/:id", { id: String(berkas.id) }), toast: berkasMessages.created(berkas.number) };
    },
    { form: {} },
  );
}

export default function CreateBerkas({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, units, rules, defaults, archiveUuid } = loaderData;
  return (
    <FormPage back={href("/app/berkas")} title={berkasFormText.createTitle}>
      <BerkasForm mode="create" defaults={defaults} rules={rules} lastResult={actionData} codes={codes} units={units}>
        {archiveUuid && <input type="hidden" name={ARCHIVE_FIELD} value={archiveUuid} />}
      </BerkasForm>
    </FormPage>
  );
}
