import { z } from "zod";
import { userMessages } from "../i18n/users";
import { blankToUndefined, formBoolean, optionalEmail, toInteger } from "./form-input";
import { createListQuerySchema } from "./list-query";
import { ROLE_NAMES, ROLES } from "./roles";
import { USER_STATUSES } from "./user-view";
import type { UnitKerjaOptionSchema, UserDetailSchema, UserViewSchema } from "./api/users";

const v = userMessages.validation;

/** A user as pages and the API show it (SPEC section 3 field names; see api/users.ts). */
export type UserView = z.output<typeof UserViewSchema>;

/** The detail page adds what the 'Akhiri Sesi' action needs to know. */
export type UserDetail = z.output<typeof UserDetailSchema>;

/** A work unit as the user form's select lists it. */
export type UnitKerjaOption = z.output<typeof UnitKerjaOptionSchema>;

const fullName = z.string(v.fullNameRequired).trim().min(1, v.fullNameRequired).max(100, v.fullNameMax);
/** The usernames E-Arsip accepts (the user form, the API, accounts SSO creates). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;

const username = z
  .string(v.usernameRequired)
  .trim()
  .min(1, v.usernameRequired)
  .regex(USERNAME_PATTERN, v.usernameFormat);
const password = z.string(v.passwordRequired).min(8, v.passwordMin).max(256, v.passwordMax);
const roleName = z.enum(ROLE_NAMES, v.roleInvalid);
const unitKerjaId = z.preprocess(toInteger, z.number(v.unitKerjaInvalid).int(v.unitKerjaInvalid).positive(v.unitKerjaInvalid).optional());
const email = optionalEmail(v.emailInvalid, v.emailMax);

/** Satuan Kerja users belong to a work unit; other roles never need one. */
const unitRequiredForSatuanKerja = (input: { roleName?: string; unitKerjaId?: number }, ctx: z.RefinementCtx) => {
  if (input.roleName === ROLES.satuanKerja && input.unitKerjaId === undefined) {
    ctx.addIssue({ code: "custom", path: ["unitKerjaId"], message: v.unitKerjaRequired });
  }
};

/**
 * The create form (SPEC section 5): fullName, username and password required, email optional,
 * role Viewer by default, unitKerjaId required for Satuan Kerja.
 */
export const UserCreateSchema = z
  .object({
    fullName,
    username,
    email,
    password: z.preprocess((value) => (value === "" ? undefined : value), password),
    roleName: z.preprocess(blankToUndefined, roleName.default(ROLES.viewer)),
    unitKerjaId,
  })
  .superRefine(unitRequiredForSatuanKerja);
export type UserCreateInput = z.output<typeof UserCreateSchema>;

/**
 * The update form: every field optional and only non-empty ones are applied (the password hint
 * is 'Kosongkan jika tidak ingin mengubah'). Whether a Satuan Kerja ends up with a unit depends
 * on the stored user too, so the service checks that rule on the merged result.
 */
export const UserUpdateSchema = z.object({
  fullName: z.preprocess(blankToUndefined, fullName.optional()),
  username: z.preprocess(blankToUndefined, username.optional()),
  email,
  password: z.preprocess(blankToUndefined, password.optional()),
  roleName: z.preprocess(blankToUndefined, roleName.optional()),
  unitKerjaId,
  // 'Nonaktifkan' / 'Aktifkan' (the detail and list pages post it as their own action; the API in
  // the body of the change).
  active: z
    .boolean(v.activeInvalid)
    .optional()
    .meta({ description: "false: deactivate (cannot sign in; sessions, API tokens and held approvals end; the name stays on every record). true: activate again." }),
});
export type UserUpdateInput = z.output<typeof UserUpdateSchema>;

/** 'Akhiri Sesi' (the dialog's checkbox, the API's JSON body): end the user's API tokens too? */
export const EndSessionsSchema = z.object({ endApiTokens: formBoolean });
export type EndSessionsInput = z.output<typeof EndSessionsSchema>;

export const USER_SORTS = ["updatedAt", "fullName", "username", "email", "role"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export { USER_STATUSES, type UserStatus } from "./user-view";

/** `/app/users` and `GET /api/v1/users`: `?q=&status=&sort=&dir=&page=&size=`, newest change first. */
export const UserListQuerySchema = createListQuerySchema({
  sorts: USER_SORTS,
  defaultSort: "updatedAt",
  defaultDir: "desc",
  filters: { status: z.enum(USER_STATUSES).optional().catch(undefined) },
});
export type UserListQuery = z.output<typeof UserListQuerySchema>;
