-- Departing staff: an account is deactivated ('Nonaktifkan'), not deleted, so its name stays on
-- every record and audit row it is named by. A deactivated account cannot sign in; its sessions,
-- API tokens and download approvals are ended by the users service in the same batch.
-- Forward-only; upgrades a database that holds data: every existing account stays active.

ALTER TABLE users ADD COLUMN deactivated_at TEXT;

-- The users list filters by it ('Aktif' / 'Nonaktif'); few accounts are ever deactivated.
CREATE INDEX users_deactivated ON users (deactivated_at) WHERE deactivated_at IS NOT NULL;

-- The last ACTIVE Super Admin can be neither demoted, deactivated nor deleted (nobody could
-- administer the system); a deactivated Super Admin no longer counts.
DROP TRIGGER users_keep_last_super_admin_update;
DROP TRIGGER users_keep_last_super_admin_delete;
CREATE TRIGGER users_keep_last_super_admin_update BEFORE UPDATE OF role_id, deactivated_at ON users
  WHEN old.role_id = 1 AND old.deactivated_at IS NULL
   AND (new.role_id <> 1 OR new.deactivated_at IS NOT NULL)
   AND (SELECT COUNT(*) FROM users WHERE role_id = 1 AND deactivated_at IS NULL) <= 1
BEGIN
  SELECT RAISE(ABORT, 'LAST_SUPER_ADMIN');
END;
CREATE TRIGGER users_keep_last_super_admin_delete BEFORE DELETE ON users
  WHEN old.role_id = 1 AND old.deactivated_at IS NULL
   AND (SELECT COUNT(*) FROM users WHERE role_id = 1 AND deactivated_at IS NULL) <= 1
BEGIN
  SELECT RAISE(ABORT, 'LAST_SUPER_ADMIN');
END;
