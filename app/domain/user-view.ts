// The zod-free part of the users domain the list page renders with: importing it keeps zod out of
// the browser.

/** An account is active, or deactivated ('Nonaktif'): the list's `?status=` filter. */
export const USER_STATUSES = ["AKTIF", "NONAKTIF"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
