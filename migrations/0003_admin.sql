-- Administration: users, work units and the audit log.
--
-- Invariants the services rely on are kept by the database itself, so they hold under
-- concurrent writers (a read-then-write check in a Worker could race): each guard aborts the
-- whole D1 batch it runs in, so a refused change writes nothing — no audit row, no revoked
-- session. The services recognise the RAISE message and answer 409 with a clear text.

-- The last Super Admin can be neither demoted nor deleted (nobody could administer the system).
CREATE INDEX users_role ON users (role_id);
CREATE TRIGGER users_keep_last_super_admin_update BEFORE UPDATE OF role_id ON users
  WHEN old.role_id = 1 AND new.role_id <> 1
   AND (SELECT COUNT(*) FROM users WHERE role_id = 1) <= 1
BEGIN
  SELECT RAISE(ABORT, 'LAST_SUPER_ADMIN');
END;
CREATE TRIGGER users_keep_last_super_admin_delete BEFORE DELETE ON users
  WHEN old.role_id = 1 AND (SELECT COUNT(*) FROM users WHERE role_id = 1) <= 1
BEGIN
  SELECT RAISE(ABORT, 'LAST_SUPER_ADMIN');
END;

-- A user who uploaded documents cannot vanish with them (the documents would lose their
-- uploader); their documents must be deleted first. (The foreign key refuses it too, but with a
-- message nobody can tell apart from other key failures.)
CREATE TRIGGER users_keep_uploader BEFORE DELETE ON users
  WHEN EXISTS (SELECT 1 FROM archives WHERE uploader_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'USER_HAS_DOCUMENTS');
END;

-- A work unit still referenced by users, documents or access requests cannot be deleted.
CREATE INDEX access_requests_owner_unit ON access_requests (owner_unit_kerja_id);
CREATE TRIGGER unit_kerja_keep_in_use BEFORE DELETE ON unit_kerja
  WHEN EXISTS (SELECT 1 FROM users WHERE unit_kerja_id = old.id)
    OR EXISTS (SELECT 1 FROM archives WHERE unit_kerja_id = old.id)
    OR EXISTS (SELECT 1 FROM access_requests WHERE owner_unit_kerja_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIT_KERJA_IN_USE');
END;

-- Work-unit names are unique regardless of case ("Fakultas Teknik" = "fakultas teknik").
CREATE UNIQUE INDEX unit_kerja_nama_nocase ON unit_kerja (nama COLLATE NOCASE);
CREATE INDEX unit_kerja_nama ON unit_kerja (nama, id);

-- Audit log filters, each walked newest first by id (keyset paging, no OFFSET):
-- by action, and by time (a date range is turned into an id range through this index:
-- rows are appended in time order).
CREATE INDEX audit_logs_action ON audit_logs (action, id DESC);
CREATE INDEX audit_logs_created ON audit_logs (created_at);

-- User list search and sort.
CREATE INDEX users_full_name ON users (full_name, id);
