/**
 * Every action the audit log records. Stored as text in `audit_logs.action`; each one has its
 * Indonesian message builder in the i18n catalogue (`app/i18n/audit.ts`), so adding an action
 * here without its message does not type-check.
 */
export const AUDIT_ACTIONS = [
  "LOGIN",
  "LOGIN_FAILED",
  "LOGIN_THROTTLED",
  "LOGOUT",
  "SSO_LINKED",
  "DOCUMENT_CREATE",
  "DOCUMENT_UPDATE",
  "DOCUMENT_FILE_REPLACE",
  "DOCUMENT_DELETE",
  "DOCUMENT_DOWNLOAD",
  "DOCUMENT_PREVIEW",
  "ACCESS_REQUEST_CREATE",
  "ACCESS_REQUEST_APPROVE",
  "ACCESS_REQUEST_REJECT",
  "ACCESS_REQUEST_REVOKE",
  "ACCESS_REQUEST_EXPIRE",
  "ACCESS_TOKEN_DOWNLOAD",
  "USER_CREATE",
  "USER_UPDATE",
  "USER_DELETE",
  "USER_SESSIONS_REVOKE",
  "UNIT_KERJA_CREATE",
  "UNIT_KERJA_UPDATE",
  "UNIT_KERJA_DELETE",
  "AUDIT_LOG_EXPORT",
  "AUDIT_CHAIN_VERIFY",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
