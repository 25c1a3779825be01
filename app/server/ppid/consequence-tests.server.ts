import type { z } from "zod";
import type { ConsequenceTestViewSchema, ExemptionSchema } from "~/domain/api/ppid";
import { DomainError } from "~/domain/errors";
import { assertCan, userActorOf } from "~/domain/policy";
import type { ConsequenceTestInput } from "~/domain/ppid/requests";
import { jakartaDate } from "~/domain/time";
import { ppidMessages } from "~/i18n/ppid";
import { commit } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";

const m = ppidMessages;

/** A consequence test as the desk and the API show it; their list is the DIK. */
export type ConsequenceTestView = z.output<typeof ConsequenceTestViewSchema>;

/** One line of the public Daftar Informasi yang Dikecualikan. */
export type Exemption = z.output<typeof ExemptionSchema>;

const testRows = (ctx: Pick<ServiceContext, "db" | "now">, inForce: boolean) =>
  ctx.db
    .selectFrom("ppid_consequence_tests")
    .selectAll()
    .$if(inForce, (qb) => qb.where("valid_until", ">=", jakartaDate(ctx.now())))
    .orderBy("id", "desc")
    .execute();

/** Every consequence test, newest first (the Daftar Informasi yang Dikecualikan). Officers. */
export async function listConsequenceTests(ctx: ServiceContext, options: { inForce?: boolean } = {}): Promise<ConsequenceTestView[]> {
  assertCan(ctx.actor, { type: "ppid.desk" }, m.denied.officer);
  const rows = await testRows(ctx, !!options.inForce);
  return rows.map((row) => ({
    id: row.uuid,
    information: row.information,
    legalBasis: row.legal_basis,
    consequences: row.consequences,
    validUntil: row.valid_until,
    signedBy: row.signed_name,
    createdAt: row.created_at,
  }));
}

/**
 * Sign off a consequence test: the officer acting is its named signatory (name kept even if the
 * account goes). Never edited: a new test replaces an old one. Audited.
 */
export async function createConsequenceTest(ctx: ServiceContext, input: ConsequenceTestInput): Promise<ConsequenceTestView> {
  assertCan(ctx.actor, { type: "ppid.desk" }, m.denied.officer);
  const user = userActorOf(ctx.actor)!;
  if (input.validUntil <= jakartaDate(ctx.now())) throw new DomainError(400, m.validation.validUntilPast, { validUntil: [m.validation.validUntilPast] });
  const signer = await ctx.db.selectFrom("users").select("full_name").where("id", "=", user.userId).executeTakeFirstOrThrow();
  const uuid = crypto.randomUUID();
  await commit(ctx, [
    ctx.db.insertInto("ppid_consequence_tests").values({
      uuid,
      information: input.information,
      legal_basis: input.legalBasis,
      consequences: input.consequences,
      valid_until: input.validUntil,
      signed_by: user.userId,
      signed_name: signer.full_name,
      created_at: ctx.now().toISOString(),
    }),
    { action: "PPID_CONSEQUENCE_TEST_CREATE", params: { information: input.information }, targetType: "ppid_consequence_test", targetId: uuid },
  ]);
  return (await listConsequenceTests(ctx)).find((test) => test.id === uuid)!;
}

/**
 * The DIK as the public reads it beside the DIP: the exemptions in force today, each with its
 * legal basis, the consequences weighed, how long it holds and who decided it — what the PPID
 * must announce; the desk's own ids and timestamps stay inside.
 */
export async function publicExemptions(ctx: Pick<ServiceContext, "db" | "now">): Promise<Exemption[]> {
  const rows = await testRows(ctx, true);
  return rows.map((row) => ({
    information: row.information,
    legalBasis: row.legal_basis,
    consequences: row.consequences,
    validUntil: row.valid_until,
    decidedOn: jakartaDate(new Date(row.created_at)),
    decidedBy: row.signed_name,
  }));
}
