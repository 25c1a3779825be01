-- Ids are never handed out twice (issue 23). Without AUTOINCREMENT SQLite gives a new row the
-- largest id + 1, so deleting the newest user (work unit, code, document) frees its id for the
-- next one: a new user inherited the deleted user's upload-rate count, and audit rows naming the
-- deleted user's id (actor_ref) named somebody else. The tables whose ids audit rows, counters,
-- snapshots (API tokens, access requests), OAI-PMH records or tombstones refer to are rebuilt
-- with AUTOINCREMENT, every row keeping its id, and each sequence starts above the largest id
-- anything in the database still names, so an id seen once (in the audit log too) stays retired.
-- Forward-only; audit rows are not touched, so the hash chain stays as it was.
--
-- How a table is rebuilt while D1 enforces foreign keys (a migration is one transaction, where
-- `PRAGMA foreign_keys = OFF` does nothing): dropping a table deletes its rows first, and that
-- would run the ON DELETE actions of the tables referring to it (sessions, access requests and
-- API tokens deleted, audit actor_id set to NULL). So the old table's ids are first moved out of
-- the way (negated; no foreign key here has an ON UPDATE action, and the checks are deferred to
-- the commit), which leaves no row for those actions to act on; the table is dropped, the new one
-- takes its name, and the rows come back from a copy with their ids, which settles every
-- deferred check. Renaming in legacy mode leaves the triggers and views of other tables that
-- name these tables as they are (they find the new table by its name). The triggers and indexes
-- of each rebuilt table are recreated as they were.

PRAGMA defer_foreign_keys = ON;
PRAGMA legacy_alter_table = ON;


-- ---- users -------------------------------------------------------------------------------
DROP TRIGGER users_keep_last_super_admin_update;
DROP TRIGGER users_keep_last_super_admin_delete;
DROP TRIGGER users_keep_uploader;
DROP TRIGGER archives_fts_uploader_rename;
CREATE TABLE users_next (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid                TEXT NOT NULL UNIQUE,
  full_name           TEXT NOT NULL,
  username            TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email               TEXT,
  -- PBKDF2-SHA256; the parameters are stored so they can be raised later per user.
  password_hash       TEXT,
  password_salt       TEXT,
  password_iterations INTEGER,
  -- Subject of the SSO identity, once the user has signed in through single sign-on.
  sso_subject         TEXT UNIQUE,
  role_id             INTEGER NOT NULL REFERENCES roles (id),
  unit_kerja_id       INTEGER REFERENCES unit_kerja (id) ON DELETE RESTRICT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
);
CREATE TABLE users_hold AS SELECT * FROM users;
UPDATE users SET id = -1 - id;
DROP TABLE users;
ALTER TABLE users_next RENAME TO users;
INSERT INTO users (id, uuid, full_name, username, email, password_hash, password_salt, password_iterations, sso_subject, role_id, unit_kerja_id, created_at, updated_at)
  SELECT id, uuid, full_name, username, email, password_hash, password_salt, password_iterations, sso_subject, role_id, unit_kerja_id, created_at, updated_at
    FROM users_hold ORDER BY id;
DROP TABLE users_hold;
DELETE FROM sqlite_sequence WHERE name = 'users';
-- Every user id anything still names: the users, the actors of audit rows (deleted users
-- included: actor_ref keeps their id), the per-actor audit counts, fixity checks asked for by a
-- Super Admin, and the per-user rate-limit counters.
INSERT INTO sqlite_sequence (name, seq) VALUES ('users', MAX(
  COALESCE((SELECT MAX(id) FROM users), 0),
  COALESCE((SELECT MAX(actor_ref) FROM audit_logs), 0),
  COALESCE((SELECT MAX(CAST(value AS INTEGER)) FROM audit_log_counts WHERE dimension = 'actor'), 0),
  COALESCE((SELECT MAX(requested_by) FROM fixity_checks), 0),
  COALESCE((SELECT MAX(CAST(substr(key, length('upload:') + 1) AS INTEGER)) FROM rate_limits WHERE key LIKE 'upload:%'), 0),
  COALESCE((SELECT MAX(CAST(substr(key, length('api-token-create:') + 1) AS INTEGER)) FROM rate_limits WHERE key LIKE 'api-token-create:%'), 0)
));

CREATE INDEX users_updated_at ON users (updated_at DESC, id DESC);
CREATE INDEX users_unit_kerja ON users (unit_kerja_id);
CREATE INDEX users_role ON users (role_id);
CREATE INDEX users_full_name ON users (full_name, id);
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
CREATE TRIGGER users_keep_uploader BEFORE DELETE ON users
  WHEN EXISTS (SELECT 1 FROM archives WHERE uploader_id = old.id)
    OR EXISTS (SELECT 1 FROM archive_files WHERE uploader_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'USER_HAS_DOCUMENTS');
END;
CREATE TRIGGER archives_fts_uploader_rename AFTER UPDATE OF full_name ON users
  WHEN old.full_name IS NOT new.full_name BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description, uploader)
    SELECT 'delete', id, title, document_number, keywords, description, COALESCE(old.full_name, '')
      FROM archives WHERE uploader_id = new.id AND deleted_at IS NULL;
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description, uploader)
    SELECT id, title, document_number, keywords, description, COALESCE(new.full_name, '')
      FROM archives WHERE uploader_id = new.id AND deleted_at IS NULL;
END;

-- ---- unit_kerja --------------------------------------------------------------------------
DROP TRIGGER unit_kerja_keep_in_use;
DROP TRIGGER oai_records_unit_rename;
DROP TRIGGER public_version_unit_insert;
DROP TRIGGER public_version_unit_rename;
DROP TRIGGER public_version_unit_delete;
CREATE TABLE unit_kerja_next (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  nama         TEXT NOT NULL UNIQUE,
  jenis        TEXT NOT NULL DEFAULT '',
  email        TEXT,
  nama_pejabat TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE TABLE unit_kerja_hold AS SELECT * FROM unit_kerja;
UPDATE unit_kerja SET id = -1 - id;
DROP TABLE unit_kerja;
ALTER TABLE unit_kerja_next RENAME TO unit_kerja;
INSERT INTO unit_kerja (id, nama, jenis, email, nama_pejabat, created_at, updated_at)
  SELECT id, nama, jenis, email, nama_pejabat, created_at, updated_at
    FROM unit_kerja_hold ORDER BY id;
DROP TABLE unit_kerja_hold;
DELETE FROM sqlite_sequence WHERE name = 'unit_kerja';
-- Every unit id anything still names: the units, their audit rows (target_id, and the
-- unitKerjaId of user and document changes), OAI-PMH records and tombstones of documents that
-- are gone, the unit snapshots of API tokens and access requests, staging, and the counts.
INSERT INTO sqlite_sequence (name, seq) VALUES ('unit_kerja', MAX(
  COALESCE((SELECT MAX(id) FROM unit_kerja), 0),
  COALESCE((SELECT MAX(CAST(target_id AS INTEGER)) FROM audit_logs WHERE target_type = 'unit_kerja'), 0),
  COALESCE((SELECT MAX(CAST(CASE WHEN json_valid(details) THEN
      CASE json_type(details, '$.unitKerjaId')
        WHEN 'integer' THEN json_extract(details, '$.unitKerjaId')
        WHEN 'object' THEN MAX(CAST(COALESCE(json_extract(details, '$.unitKerjaId.from'), 0) AS INTEGER),
                               CAST(COALESCE(json_extract(details, '$.unitKerjaId.to'), 0) AS INTEGER))
      END END AS INTEGER))
    FROM audit_logs WHERE details LIKE '%unitKerjaId%'), 0),
  COALESCE((SELECT MAX(unit_kerja_id) FROM oai_records), 0),
  COALESCE((SELECT MAX(unit_kerja_id) FROM archive_tombstones), 0),
  COALESCE((SELECT MAX(unit_kerja_id) FROM api_tokens), 0),
  COALESCE((SELECT MAX(MAX(COALESCE(requester_unit_kerja_id, 0), COALESCE(owner_unit_kerja_id, 0))) FROM access_requests), 0),
  COALESCE((SELECT MAX(unit_kerja_id) FROM file_staging), 0),
  COALESCE((SELECT MAX(unit_kerja_id) FROM unit_storage), 0),
  COALESCE((SELECT MAX(restricted_unit) FROM archive_counts), 0)
));

CREATE INDEX unit_kerja_updated_at ON unit_kerja (updated_at DESC, id DESC);
CREATE UNIQUE INDEX unit_kerja_nama_nocase ON unit_kerja (nama COLLATE NOCASE);
CREATE INDEX unit_kerja_nama ON unit_kerja (nama, id);
CREATE TRIGGER unit_kerja_keep_in_use BEFORE DELETE ON unit_kerja
  WHEN EXISTS (SELECT 1 FROM users WHERE unit_kerja_id = old.id)
    OR EXISTS (SELECT 1 FROM archives WHERE unit_kerja_id = old.id)
    OR EXISTS (SELECT 1 FROM access_requests WHERE owner_unit_kerja_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIT_KERJA_IN_USE');
END;
CREATE TRIGGER oai_records_unit_rename AFTER UPDATE OF nama ON unit_kerja WHEN old.nama IS NOT new.nama BEGIN
  UPDATE oai_records SET datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE unit_kerja_id = new.id AND deleted = 0;
END;
CREATE TRIGGER public_version_unit_insert AFTER INSERT ON unit_kerja BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_unit_rename AFTER UPDATE OF nama ON unit_kerja WHEN old.nama IS NOT new.nama BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_unit_delete AFTER DELETE ON unit_kerja BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;

-- ---- categories --------------------------------------------------------------------------
DROP TRIGGER public_version_category_insert;
DROP TRIGGER public_version_category_update;
DROP TRIGGER public_version_category_delete;
DROP TRIGGER oai_records_category_rename;
CREATE TABLE categories_next (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  category_name TEXT NOT NULL UNIQUE
);
CREATE TABLE categories_hold AS SELECT * FROM categories;
UPDATE categories SET id = -1 - id;
DROP TABLE categories;
ALTER TABLE categories_next RENAME TO categories;
INSERT INTO categories (id, category_name)
  SELECT id, category_name
    FROM categories_hold ORDER BY id;
DROP TABLE categories_hold;
DELETE FROM sqlite_sequence WHERE name = 'categories';
-- Every category id anything still names: OAI-PMH records and tombstones of documents that are
-- gone, and the counts.
INSERT INTO sqlite_sequence (name, seq) VALUES ('categories', MAX(
  COALESCE((SELECT MAX(id) FROM categories), 0),
  COALESCE((SELECT MAX(category_id) FROM oai_records), 0),
  COALESCE((SELECT MAX(category_id) FROM archive_tombstones), 0),
  COALESCE((SELECT MAX(category_id) FROM archive_counts), 0)
));

CREATE TRIGGER public_version_category_insert AFTER INSERT ON categories BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_category_update AFTER UPDATE ON categories BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_category_delete AFTER DELETE ON categories BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER oai_records_category_rename AFTER UPDATE OF category_name ON categories
  WHEN old.category_name IS NOT new.category_name BEGIN
  UPDATE oai_records SET datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE category_id = new.id AND deleted = 0;
END;

-- ---- classification_codes ----------------------------------------------------------------
DROP TRIGGER classification_codes_keep_in_use;
DROP TRIGGER oai_records_classification_rename;
CREATE TABLE classification_codes_next (
  id                       INTEGER PRIMARY KEY AUTOINCREMENT,
  code                     TEXT NOT NULL UNIQUE,
  parent_id                INTEGER REFERENCES classification_codes (id),
  name                     TEXT NOT NULL,
  description              TEXT NOT NULL DEFAULT '',
  security_class           TEXT NOT NULL DEFAULT 'TERBATAS'
                           CHECK (security_class IN ('BIASA', 'TERBATAS', 'RAHASIA', 'SANGAT_RAHASIA')),
  retention_active_years   INTEGER NOT NULL CHECK (retention_active_years BETWEEN 0 AND 100),
  retention_inactive_years INTEGER NOT NULL CHECK (retention_inactive_years BETWEEN 0 AND 100),
  final_disposition        TEXT NOT NULL CHECK (final_disposition IN ('MUSNAH', 'PERMANEN', 'DINILAI_KEMBALI')),
  legal_basis              TEXT NOT NULL DEFAULT '',
  created_at               TEXT NOT NULL,
  updated_at               TEXT NOT NULL
);
CREATE TABLE classification_codes_hold AS SELECT * FROM classification_codes;
UPDATE classification_codes SET id = -1 - id;
DROP TABLE classification_codes;
ALTER TABLE classification_codes_next RENAME TO classification_codes;
INSERT INTO classification_codes (id, code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
  SELECT id, code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at
    FROM classification_codes_hold ORDER BY id;
DROP TABLE classification_codes_hold;
DELETE FROM sqlite_sequence WHERE name = 'classification_codes';
-- Every code id anything still names: the codes and the per-code counts.
INSERT INTO sqlite_sequence (name, seq) VALUES ('classification_codes', MAX(
  COALESCE((SELECT MAX(id) FROM classification_codes), 0),
  COALESCE((SELECT MAX(classification_id) FROM classification_counts), 0)
));

CREATE INDEX classification_codes_parent ON classification_codes (parent_id);
CREATE TRIGGER classification_codes_keep_in_use BEFORE DELETE ON classification_codes
  WHEN EXISTS (SELECT 1 FROM archives WHERE classification_id = old.id)
    OR EXISTS (SELECT 1 FROM classification_codes WHERE parent_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'CLASSIFICATION_IN_USE');
END;
CREATE TRIGGER oai_records_classification_rename AFTER UPDATE OF code, name ON classification_codes
  WHEN old.code IS NOT new.code OR old.name IS NOT new.name BEGIN
  UPDATE oai_records SET datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
   WHERE deleted = 0 AND uuid IN (SELECT uuid FROM archives WHERE classification_id = new.id);
END;

-- ---- archives ----------------------------------------------------------------------------
DROP TRIGGER public_version_archive_insert;
DROP TRIGGER public_version_archive_update;
DROP TRIGGER public_version_archive_delete;
DROP TRIGGER archives_current_file;
DROP TRIGGER unit_storage_archive_unit;
DROP TRIGGER archives_class_follows_access_insert;
DROP TRIGGER archives_class_matches_access_update;
DROP TRIGGER archive_counts_insert;
DROP TRIGGER archive_counts_delete;
DROP TRIGGER archive_counts_update;
DROP TRIGGER archive_counts_trash;
DROP TRIGGER archive_counts_restore;
DROP TRIGGER classification_counts_insert;
DROP TRIGGER classification_counts_delete;
DROP TRIGGER classification_counts_update;
DROP TRIGGER classification_counts_trash;
DROP TRIGGER classification_counts_restore;
DROP TRIGGER oai_records_archive_insert;
DROP TRIGGER oai_records_archive_change;
DROP TRIGGER oai_records_archive_hidden;
DROP TRIGGER oai_records_archive_delete;
DROP TRIGGER access_requests_follow_owner;
DROP TRIGGER archives_fts_insert;
DROP TRIGGER archives_fts_delete;
DROP TRIGGER archives_fts_update;
DROP TRIGGER archives_fts_trash;
DROP TRIGGER archives_fts_restore;
CREATE TABLE archives_next (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid              TEXT NOT NULL UNIQUE,
  title             TEXT NOT NULL,
  document_number   TEXT NOT NULL,
  year              INTEGER NOT NULL,
  description       TEXT NOT NULL,
  keywords          TEXT NOT NULL,
  access_level      TEXT NOT NULL DEFAULT 'PRIVATE' CHECK (access_level IN ('PRIVATE', 'PUBLIC')),
  category_id       INTEGER NOT NULL REFERENCES categories (id),
  uploader_id       INTEGER NOT NULL REFERENCES users (id),
  -- The owning work unit: the uploader's unit at upload time (null for an admin without a unit).
  unit_kerja_id     INTEGER REFERENCES unit_kerja (id),
  r2_key            TEXT NOT NULL UNIQUE,
  file_name         TEXT NOT NULL,
  file_size         INTEGER NOT NULL,
  mime_type         TEXT NOT NULL,
  sha256            TEXT NOT NULL,
  -- Client-chosen key of the form submission that created the row: a double submit (or an API
  -- retry with the same Idempotency-Key) finds the first document instead of making a second.
  idempotency_key   TEXT UNIQUE,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  current_file_id   INTEGER REFERENCES archive_files (id),
  current_version   INTEGER NOT NULL DEFAULT 1,
  deleted_at        TEXT,
  deleted_by        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  classification_id INTEGER REFERENCES classification_codes (id),
  security_class    TEXT NOT NULL DEFAULT 'TERBATAS'
                    CHECK (security_class IN ('BIASA', 'TERBATAS', 'RAHASIA', 'SANGAT_RAHASIA'))
);
CREATE TABLE archives_hold AS SELECT * FROM archives;
UPDATE archives SET id = -1 - id;
DROP TABLE archives;
ALTER TABLE archives_next RENAME TO archives;
INSERT INTO archives (id, uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id, r2_key, file_name, file_size, mime_type, sha256, idempotency_key, created_at, updated_at, current_file_id, current_version, deleted_at, deleted_by, classification_id, security_class)
  SELECT id, uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id, r2_key, file_name, file_size, mime_type, sha256, idempotency_key, created_at, updated_at, current_file_id, current_version, deleted_at, deleted_by, classification_id, security_class
    FROM archives_hold ORDER BY id;
DROP TABLE archives_hold;
DELETE FROM sqlite_sequence WHERE name = 'archives';
-- Every document id anything still names: the documents and the tombstones of purged ones.
INSERT INTO sqlite_sequence (name, seq) VALUES ('archives', MAX(
  COALESCE((SELECT MAX(id) FROM archives), 0),
  COALESCE((SELECT MAX(archive_id) FROM archive_tombstones), 0)
));

CREATE INDEX archives_uploader ON archives (uploader_id);
CREATE INDEX archives_unit_kerja ON archives (unit_kerja_id);
CREATE INDEX archives_created ON archives (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX archives_category_created ON archives (category_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX archives_access_created ON archives (access_level, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX archives_access_category_created ON archives (access_level, category_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX archives_title ON archives (title, id) WHERE deleted_at IS NULL;
CREATE INDEX archives_year ON archives (year, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX archives_document_number ON archives (document_number, id) WHERE deleted_at IS NULL;
CREATE INDEX archives_file_size ON archives (file_size, id) WHERE deleted_at IS NULL;
CREATE INDEX archives_trash ON archives (deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX archives_trash_unit ON archives (unit_kerja_id, deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX archives_classification ON archives (classification_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE TRIGGER public_version_archive_insert AFTER INSERT ON archives WHEN new.access_level = 'PUBLIC' BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_archive_update AFTER UPDATE ON archives
  WHEN new.access_level = 'PUBLIC' OR old.access_level = 'PUBLIC' BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_archive_delete AFTER DELETE ON archives WHEN old.access_level = 'PUBLIC' BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER archives_current_file AFTER UPDATE OF current_file_id ON archives
  WHEN new.current_file_id IS NOT NULL AND new.current_file_id IS NOT old.current_file_id BEGIN
  UPDATE archives
     SET (r2_key, file_name, file_size, mime_type, sha256, current_version) =
         (SELECT f.r2_key, f.file_name, f.file_size, f.mime_type, f.sha256, f.version FROM archive_files f WHERE f.id = new.current_file_id)
   WHERE id = new.id;
END;
CREATE TRIGGER unit_storage_archive_unit AFTER UPDATE OF unit_kerja_id ON archives
  WHEN new.unit_kerja_id IS NOT old.unit_kerja_id BEGIN
  UPDATE unit_storage
     SET bytes = bytes - (SELECT COALESCE(SUM(f.file_size), 0) FROM archive_files f WHERE f.archive_id = new.id AND f.restored_from IS NULL)
   WHERE unit_kerja_id = old.unit_kerja_id;
  INSERT INTO unit_storage (unit_kerja_id, bytes)
  SELECT new.unit_kerja_id, (SELECT COALESCE(SUM(f.file_size), 0) FROM archive_files f WHERE f.archive_id = new.id AND f.restored_from IS NULL)
   WHERE new.unit_kerja_id IS NOT NULL
  ON CONFLICT (unit_kerja_id) DO UPDATE SET bytes = bytes + excluded.bytes;
END;
CREATE TRIGGER archives_class_follows_access_insert AFTER INSERT ON archives
  WHEN (new.access_level = 'PUBLIC') <> (new.security_class = 'BIASA')
BEGIN
  UPDATE archives SET security_class = CASE new.access_level WHEN 'PUBLIC' THEN 'BIASA' ELSE 'TERBATAS' END WHERE id = new.id;
END;
CREATE TRIGGER archives_class_matches_access_update BEFORE UPDATE OF access_level, security_class ON archives
  WHEN (new.access_level = 'PUBLIC') <> (new.security_class = 'BIASA')
BEGIN
  SELECT RAISE(ABORT, 'SECURITY_CLASS_MISMATCH');
END;
CREATE TRIGGER archive_counts_insert AFTER INSERT ON archives WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO archive_counts (category_id, access_level, restricted_unit, total)
  VALUES (new.category_id, new.access_level,
          CASE WHEN new.security_class = 'SANGAT_RAHASIA' THEN COALESCE(new.unit_kerja_id, -1) ELSE 0 END, 1)
  ON CONFLICT (category_id, access_level, restricted_unit) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER archive_counts_delete AFTER DELETE ON archives WHEN old.deleted_at IS NULL BEGIN
  UPDATE archive_counts SET total = total - 1
   WHERE category_id = old.category_id AND access_level = old.access_level
     AND restricted_unit = CASE WHEN old.security_class = 'SANGAT_RAHASIA' THEN COALESCE(old.unit_kerja_id, -1) ELSE 0 END;
END;
CREATE TRIGGER archive_counts_update AFTER UPDATE OF category_id, access_level, security_class, unit_kerja_id ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NULL BEGIN
  UPDATE archive_counts SET total = total - 1
   WHERE category_id = old.category_id AND access_level = old.access_level
     AND restricted_unit = CASE WHEN old.security_class = 'SANGAT_RAHASIA' THEN COALESCE(old.unit_kerja_id, -1) ELSE 0 END;
  INSERT INTO archive_counts (category_id, access_level, restricted_unit, total)
  VALUES (new.category_id, new.access_level,
          CASE WHEN new.security_class = 'SANGAT_RAHASIA' THEN COALESCE(new.unit_kerja_id, -1) ELSE 0 END, 1)
  ON CONFLICT (category_id, access_level, restricted_unit) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER archive_counts_trash AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
  UPDATE archive_counts SET total = total - 1
   WHERE category_id = old.category_id AND access_level = old.access_level
     AND restricted_unit = CASE WHEN old.security_class = 'SANGAT_RAHASIA' THEN COALESCE(old.unit_kerja_id, -1) ELSE 0 END;
END;
CREATE TRIGGER archive_counts_restore AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO archive_counts (category_id, access_level, restricted_unit, total)
  VALUES (new.category_id, new.access_level,
          CASE WHEN new.security_class = 'SANGAT_RAHASIA' THEN COALESCE(new.unit_kerja_id, -1) ELSE 0 END, 1)
  ON CONFLICT (category_id, access_level, restricted_unit) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER classification_counts_insert AFTER INSERT ON archives WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO classification_counts (classification_id, total) VALUES (COALESCE(new.classification_id, 0), 1)
  ON CONFLICT (classification_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER classification_counts_delete AFTER DELETE ON archives WHEN old.deleted_at IS NULL BEGIN
  UPDATE classification_counts SET total = total - 1 WHERE classification_id = COALESCE(old.classification_id, 0);
END;
CREATE TRIGGER classification_counts_update AFTER UPDATE OF classification_id ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NULL AND new.classification_id IS NOT old.classification_id BEGIN
  UPDATE classification_counts SET total = total - 1 WHERE classification_id = COALESCE(old.classification_id, 0);
  INSERT INTO classification_counts (classification_id, total) VALUES (COALESCE(new.classification_id, 0), 1)
  ON CONFLICT (classification_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER classification_counts_trash AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
  UPDATE classification_counts SET total = total - 1 WHERE classification_id = COALESCE(old.classification_id, 0);
END;
CREATE TRIGGER classification_counts_restore AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO classification_counts (classification_id, total) VALUES (COALESCE(new.classification_id, 0), 1)
  ON CONFLICT (classification_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER oai_records_archive_insert AFTER INSERT ON archives
  WHEN new.access_level = 'PUBLIC' AND new.deleted_at IS NULL BEGIN
  INSERT INTO oai_records (uuid, datestamp, deleted, category_id, unit_kerja_id)
  VALUES (new.uuid, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 0, new.category_id, new.unit_kerja_id)
  ON CONFLICT (uuid) DO UPDATE SET datestamp = excluded.datestamp, deleted = 0,
    category_id = excluded.category_id, unit_kerja_id = excluded.unit_kerja_id;
END;
CREATE TRIGGER oai_records_archive_change AFTER UPDATE OF
  title, document_number, year, description, keywords, access_level, category_id, unit_kerja_id, classification_id,
  current_file_id, deleted_at ON archives
  WHEN new.access_level = 'PUBLIC' AND new.deleted_at IS NULL AND (
       old.access_level IS NOT new.access_level OR old.deleted_at IS NOT new.deleted_at
    OR old.title IS NOT new.title OR old.document_number IS NOT new.document_number OR old.year IS NOT new.year
    OR old.description IS NOT new.description OR old.keywords IS NOT new.keywords
    OR old.category_id IS NOT new.category_id OR old.unit_kerja_id IS NOT new.unit_kerja_id
    OR old.classification_id IS NOT new.classification_id OR old.current_file_id IS NOT new.current_file_id) BEGIN
  INSERT INTO oai_records (uuid, datestamp, deleted, category_id, unit_kerja_id)
  VALUES (new.uuid, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 0, new.category_id, new.unit_kerja_id)
  ON CONFLICT (uuid) DO UPDATE SET datestamp = excluded.datestamp, deleted = 0,
    category_id = excluded.category_id, unit_kerja_id = excluded.unit_kerja_id;
END;
CREATE TRIGGER oai_records_archive_hidden AFTER UPDATE OF access_level, deleted_at ON archives
  WHEN NOT (new.access_level = 'PUBLIC' AND new.deleted_at IS NULL) BEGIN
  UPDATE oai_records SET deleted = 1, datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
   WHERE uuid = new.uuid AND deleted = 0;
END;
CREATE TRIGGER oai_records_archive_delete AFTER DELETE ON archives BEGIN
  UPDATE oai_records SET deleted = 1, datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
   WHERE uuid = old.uuid AND deleted = 0;
END;
CREATE TRIGGER access_requests_follow_owner AFTER UPDATE OF unit_kerja_id ON archives
  WHEN old.unit_kerja_id IS NOT new.unit_kerja_id BEGIN
  UPDATE access_requests SET owner_unit_kerja_id = new.unit_kerja_id
   WHERE archive_id = new.id AND status IN ('PENDING', 'APPROVED');
END;
CREATE TRIGGER archives_fts_insert AFTER INSERT ON archives WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description, uploader)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description,
          COALESCE((SELECT full_name FROM users WHERE id = new.uploader_id), ''));
END;
CREATE TRIGGER archives_fts_delete AFTER DELETE ON archives WHEN old.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description, uploader)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description,
          COALESCE((SELECT full_name FROM users WHERE id = old.uploader_id), ''));
END;
CREATE TRIGGER archives_fts_update AFTER UPDATE OF title, document_number, keywords, description, uploader_id ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description, uploader)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description,
          COALESCE((SELECT full_name FROM users WHERE id = old.uploader_id), ''));
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description, uploader)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description,
          COALESCE((SELECT full_name FROM users WHERE id = new.uploader_id), ''));
END;
CREATE TRIGGER archives_fts_trash AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description, uploader)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description,
          COALESCE((SELECT full_name FROM users WHERE id = old.uploader_id), ''));
END;
CREATE TRIGGER archives_fts_restore AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description, uploader)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description,
          COALESCE((SELECT full_name FROM users WHERE id = new.uploader_id), ''));
END;

-- ---- What dies with its row --------------------------------------------------------------------
-- Counters keyed by a user's id go with the user, whatever path deletes them: the upload and
-- token-creation rate limits, and the per-actor audit count (the user's audit rows keep their
-- actor_ref and actor_username, but their actor_id, which that count and the actor filter use,
-- becomes NULL).
CREATE TRIGGER users_forget_counters AFTER DELETE ON users BEGIN
  DELETE FROM rate_limits WHERE key IN ('upload:' || old.id, 'api-token-create:' || old.id);
  DELETE FROM audit_log_counts WHERE dimension = 'actor' AND value = CAST(old.id AS TEXT);
END;
-- A deleted code's count row (it counts no document: a code in use cannot be deleted).
CREATE TRIGGER classification_counts_forget AFTER DELETE ON classification_codes BEGIN
  DELETE FROM classification_counts WHERE classification_id = old.id;
END;

-- What users and codes deleted before this migration left behind (their ids are retired above).
DELETE FROM rate_limits
 WHERE (key LIKE 'upload:%' AND CAST(substr(key, length('upload:') + 1) AS INTEGER) NOT IN (SELECT id FROM users))
    OR (key LIKE 'api-token-create:%' AND CAST(substr(key, length('api-token-create:') + 1) AS INTEGER) NOT IN (SELECT id FROM users));
DELETE FROM audit_log_counts WHERE dimension = 'actor' AND CAST(value AS INTEGER) NOT IN (SELECT id FROM users);
DELETE FROM classification_counts WHERE classification_id <> 0 AND classification_id NOT IN (SELECT id FROM classification_codes);

PRAGMA legacy_alter_table = OFF;
