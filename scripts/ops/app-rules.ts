/**
 * The app's own rules that the operations scripts apply, so a script can never drift from the
 * app: the user schema (the same validation as the user form and the API), password hashing
 * (PBKDF2 as at sign-in) and the Indonesian audit messages. Loaded through `loadAppRules()`,
 * which bundles it (the app's modules use the `~` alias and extensionless imports that Node
 * cannot load directly).
 */
export { UserCreateSchema } from "../../app/domain/users.ts";
export { ROLES } from "../../app/domain/roles.ts";
export { audit as auditMessages } from "../../app/i18n/audit.ts";
export { hashPassword, verifyPassword, PASSWORD_ITERATIONS } from "../../app/server/auth/password.server.ts";
