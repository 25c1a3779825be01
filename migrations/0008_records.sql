-- Records keep their history: file versions as rows of their own, soft deletion (the trash),
-- tombstones of purged documents, and upload staging apart from the R2 deletion queue.
-- Forward-only; every existing document becomes a live record whose file is version 1.

-- ---- File versions ---------------------------------------------------------------------------
-- One row per version of a document's file. A restored version is a new row that points to the
-- object of the version it copies (`restored_from`), so history is never rewritten and no bytes
-- are stored twice. Rows are only ever deleted together with their document (purge).
CREATE TABLE archive_files (
  id            INTEGER PRIMARY KEY,
  archive_id    INTEGER NOT NULL REFERENCES archives (id),
  version       INTEGER NOT NULL CHECK (version >= 1),
  r2_key        TEXT NOT NULL,
  file_name     TEXT NOT NULL,
  file_size     INTEGER NOT NULL,
  mime_type     TEXT NOT NULL,
  sha256        TEXT NOT NULL,
  uploader_id   INTEGER REFERENCES users (id),
  note          TEXT,
  restored_from INTEGER,
  created_at    TEXT NOT NULL,
  UNIQUE (archive_id, version)
);
CREATE INDEX archive_files_key ON archive_files (r2_key);
CREATE INDEX archive_files_uploader ON archive_files (uploader_id);

-- Today's file of each document is its version 1, dated by its last replacement where the audit
-- log recorded one (files replaced before this migration were not kept).
INSERT INTO archive_files (archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, note, created_at)
SELECT a.id, 1, a.r2_key, a.file_name, a.file_size, a.mime_type, a.sha256, a.uploader_id, NULL,
       COALESCE(
         (SELECT MAX(l.created_at) FROM audit_logs l
           WHERE l.target_type = 'archive' AND l.target_id = a.uuid AND l.action = 'DOCUMENT_FILE_REPLACE'),
         a.created_at)
FROM archives a;

-- The current version. The document keeps a copy of its columns (file name, size, type, hash,
-- key) for the list's indexes and sorts; the trigger below keeps the copy equal to the version
-- the pointer names, so writers move only the pointer (a compare-and-set on it).
ALTER TABLE archives ADD COLUMN current_file_id INTEGER REFERENCES archive_files (id);
ALTER TABLE archives ADD COLUMN current_version INTEGER NOT NULL DEFAULT 1;
UPDATE archives SET current_file_id = (SELECT f.id FROM archive_files f WHERE f.archive_id = archives.id AND f.version = 1);
CREATE TRIGGER archives_current_file AFTER UPDATE OF current_file_id ON archives
  WHEN new.current_file_id IS NOT NULL AND new.current_file_id IS NOT old.current_file_id BEGIN
  UPDATE archives
     SET (r2_key, file_name, file_size, mime_type, sha256, current_version) =
         (SELECT f.r2_key, f.file_name, f.file_size, f.mime_type, f.sha256, f.version FROM archive_files f WHERE f.id = new.current_file_id)
   WHERE id = new.id;
END;

-- ---- Soft deletion ---------------------------------------------------------------------------
-- A deleted document stays (with its versions and requests) until it is purged from the trash.
ALTER TABLE archives ADD COLUMN deleted_at TEXT;
ALTER TABLE archives ADD COLUMN deleted_by INTEGER REFERENCES users (id) ON DELETE SET NULL;

-- Every list reads live documents only: its indexes cover live rows only, and the trash has its own.
DROP INDEX archives_created;
DROP INDEX archives_category_created;
DROP INDEX archives_access_created;
DROP INDEX archives_access_category_created;
DROP INDEX archives_title;
DROP INDEX archives_year;
DROP INDEX archives_document_number;
DROP INDEX archives_file_size;
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

-- Full-text search and the trigger-kept counts follow visibility: a document leaves them when
-- it goes to the trash and comes back when it is restored.
DROP TRIGGER archives_fts_insert;
DROP TRIGGER archives_fts_delete;
DROP TRIGGER archives_fts_update;
CREATE TRIGGER archives_fts_insert AFTER INSERT ON archives WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description);
END;
CREATE TRIGGER archives_fts_delete AFTER DELETE ON archives WHEN old.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description);
END;
CREATE TRIGGER archives_fts_update AFTER UPDATE OF title, document_number, keywords, description ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description);
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description);
END;
CREATE TRIGGER archives_fts_trash AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description);
END;
CREATE TRIGGER archives_fts_restore AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description);
END;

DROP TRIGGER archive_counts_insert;
DROP TRIGGER archive_counts_delete;
DROP TRIGGER archive_counts_update;
CREATE TRIGGER archive_counts_insert AFTER INSERT ON archives WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO archive_counts (category_id, access_level, total) VALUES (new.category_id, new.access_level, 1)
  ON CONFLICT (category_id, access_level) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER archive_counts_delete AFTER DELETE ON archives WHEN old.deleted_at IS NULL BEGIN
  UPDATE archive_counts SET total = total - 1 WHERE category_id = old.category_id AND access_level = old.access_level;
END;
CREATE TRIGGER archive_counts_update AFTER UPDATE OF category_id, access_level ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NULL BEGIN
  UPDATE archive_counts SET total = total - 1 WHERE category_id = old.category_id AND access_level = old.access_level;
  INSERT INTO archive_counts (category_id, access_level, total) VALUES (new.category_id, new.access_level, 1)
  ON CONFLICT (category_id, access_level) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER archive_counts_trash AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
  UPDATE archive_counts SET total = total - 1 WHERE category_id = old.category_id AND access_level = old.access_level;
END;
CREATE TRIGGER archive_counts_restore AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO archive_counts (category_id, access_level, total) VALUES (new.category_id, new.access_level, 1)
  ON CONFLICT (category_id, access_level) DO UPDATE SET total = total + 1;
END;

-- Revoking live download tokens when the access level changes is now written by the service,
-- through the one audit writer, in the same batch as the change.
DROP TRIGGER access_requests_revoke_on_access_change;

-- ---- Storage per work unit -------------------------------------------------------------------
-- The quota counts what is stored: every version that brought an object of its own, in the trash
-- or not, until it is purged. A restored copy shares its object and adds nothing.
DROP TRIGGER unit_storage_insert;
DROP TRIGGER unit_storage_delete;
DROP TRIGGER unit_storage_update;
CREATE TRIGGER unit_storage_file_insert AFTER INSERT ON archive_files WHEN new.restored_from IS NULL BEGIN
  INSERT INTO unit_storage (unit_kerja_id, bytes)
  SELECT a.unit_kerja_id, new.file_size FROM archives a WHERE a.id = new.archive_id AND a.unit_kerja_id IS NOT NULL
  ON CONFLICT (unit_kerja_id) DO UPDATE SET bytes = bytes + excluded.bytes;
END;
CREATE TRIGGER unit_storage_file_delete AFTER DELETE ON archive_files WHEN old.restored_from IS NULL BEGIN
  UPDATE unit_storage SET bytes = bytes - old.file_size
   WHERE unit_kerja_id = (SELECT a.unit_kerja_id FROM archives a WHERE a.id = old.archive_id);
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
DELETE FROM unit_storage;
INSERT INTO unit_storage (unit_kerja_id, bytes)
SELECT a.unit_kerja_id, SUM(f.file_size) FROM archive_files f JOIN archives a ON a.id = f.archive_id
 WHERE a.unit_kerja_id IS NOT NULL AND f.restored_from IS NULL
 GROUP BY a.unit_kerja_id;

-- A user who uploaded a document or any version of one stays (the record names its uploaders).
DROP TRIGGER users_keep_uploader;
CREATE TRIGGER users_keep_uploader BEFORE DELETE ON users
  WHEN EXISTS (SELECT 1 FROM archives WHERE uploader_id = old.id)
    OR EXISTS (SELECT 1 FROM archive_files WHERE uploader_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'USER_HAS_DOCUMENTS');
END;

-- ---- Tombstones ------------------------------------------------------------------------------
-- What remains of a purged document: enough to answer for it (which record, which bytes, who
-- deleted and purged it, when) without its content. Never deleted.
CREATE TABLE archive_tombstones (
  uuid                TEXT PRIMARY KEY,
  archive_id          INTEGER NOT NULL,
  title               TEXT NOT NULL,
  document_number     TEXT NOT NULL,
  year                INTEGER NOT NULL,
  access_level        TEXT NOT NULL,
  category_id         INTEGER,
  unit_kerja_id       INTEGER,
  -- JSON array of every version: {version, fileName, size, sha256}.
  file_hashes         TEXT NOT NULL,
  created_at          TEXT NOT NULL,
  deleted_at          TEXT NOT NULL,
  deleted_by_username TEXT,
  purged_at           TEXT NOT NULL,
  purged_by_username  TEXT,
  -- TRASH_EXPIRED (the cron after TRASH_DAYS) or PURGED (a Super Admin, 'Hapus Permanen').
  reason              TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX archive_tombstones_purged ON archive_tombstones (purged_at);

-- ---- Staging and the deletion queue ----------------------------------------------------------
-- `pending_uploads` held both objects being uploaded and objects waiting to be deleted. Now:
-- file_staging: an object being written, registered before its first byte and unregistered in
--   the batch that records its version (an upload that died is found and removed by the cron);
-- file_deletions: objects no version uses any more (purged documents), queued in the batch that
--   removes their rows and deleted from R2 by the cron, retried until R2 confirms.
CREATE TABLE file_staging (
  r2_key     TEXT PRIMARY KEY,
  upload_id  TEXT,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX file_staging_created ON file_staging (created_at);
INSERT INTO file_staging (r2_key, upload_id, created_at) SELECT r2_key, upload_id, created_at FROM pending_uploads;
DROP TABLE pending_uploads;

CREATE TABLE file_deletions (
  r2_key     TEXT PRIMARY KEY,
  queued_at  TEXT NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  last_error TEXT
) WITHOUT ROWID;
CREATE INDEX file_deletions_queued ON file_deletions (queued_at);
