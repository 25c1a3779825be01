-- Events anyone can repeat at will are audited once per window, so nobody can flood the audit
-- log: a download of one file by one client (a user, or an address for visitors), and the
-- refusals (403) one client meets. `repeats` counts the occurrences after the first in the
-- current window; when a new window opens, the previous window's count moves to
-- `previous_repeats` and the new window's audit row carries it. Rows older than a day are
-- dropped by the cron. Forward-only; nothing existing changes.
CREATE TABLE audit_windows (
  key              TEXT PRIMARY KEY,
  started_at       TEXT NOT NULL,
  repeats          INTEGER NOT NULL DEFAULT 0,
  previous_repeats INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX audit_windows_started ON audit_windows (started_at);
