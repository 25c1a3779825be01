-- Open to other systems: the records OAI-PMH harvesters see (with their datestamps and their
-- deletions), and personal API tokens. Forward-only; a database that already holds documents,
-- trashed documents and tombstones gets its OAI records from them.

-- ---- OAI-PMH records ---------------------------------------------------------------------------
-- One row per document that was ever PUBLIC, kept by the triggers below, never deleted: a record
-- that was trashed, purged or made non-public stays here as `deleted` (deletedRecord
-- "persistent"). A document that never was public never gets a row, so it can never reach a
-- harvester. `id` is the keyset order of the lists (stable: a change never moves a record, so a
-- harvest walking with a resumption token never meets a record twice). `datestamp` (UTC, whole
-- seconds: the repository's granularity) moves with every change that affects what a harvester
-- receives; category and unit are the record's sets (kept as they last were once deleted).
CREATE TABLE oai_records (
  id            INTEGER PRIMARY KEY,
  uuid          TEXT NOT NULL UNIQUE,
  datestamp     TEXT NOT NULL,
  deleted       INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  category_id   INTEGER,
  unit_kerja_id INTEGER
);
CREATE INDEX oai_records_datestamp ON oai_records (datestamp, id);
CREATE INDEX oai_records_category ON oai_records (category_id, id);
CREATE INDEX oai_records_unit ON oai_records (unit_kerja_id, id);

-- Today's records. Live PUBLIC documents, dated by their last change.
INSERT INTO oai_records (uuid, datestamp, deleted, category_id, unit_kerja_id)
SELECT uuid, strftime('%Y-%m-%dT%H:%M:%SZ', updated_at), 0, category_id, unit_kerja_id
  FROM archives WHERE access_level = 'PUBLIC' AND deleted_at IS NULL ORDER BY id;
-- Documents that were public once and are not now (in the trash, or made non-public): the
-- audit log names every access level a document was created or saved with.
INSERT INTO oai_records (uuid, datestamp, deleted, category_id, unit_kerja_id)
SELECT a.uuid, strftime('%Y-%m-%dT%H:%M:%SZ', MAX(a.updated_at, COALESCE(a.deleted_at, a.updated_at))), 1, a.category_id, a.unit_kerja_id
  FROM archives a
 WHERE NOT (a.access_level = 'PUBLIC' AND a.deleted_at IS NULL)
   AND (a.access_level = 'PUBLIC' OR EXISTS (
         SELECT 1 FROM audit_logs l
          WHERE l.target_type = 'archive' AND l.target_id = a.uuid
            AND l.action IN ('DOCUMENT_CREATE', 'DOCUMENT_UPDATE')
            AND json_extract(l.details, '$.accessLevel') = 'PUBLIC'))
 ORDER BY a.id
ON CONFLICT (uuid) DO NOTHING;
-- Purged documents that were public once: their tombstones.
INSERT INTO oai_records (uuid, datestamp, deleted, category_id, unit_kerja_id)
SELECT t.uuid, strftime('%Y-%m-%dT%H:%M:%SZ', t.purged_at), 1, t.category_id, t.unit_kerja_id
  FROM archive_tombstones t
 WHERE t.access_level = 'PUBLIC' OR EXISTS (
         SELECT 1 FROM audit_logs l
          WHERE l.target_type = 'archive' AND l.target_id = t.uuid
            AND l.action IN ('DOCUMENT_CREATE', 'DOCUMENT_UPDATE')
            AND json_extract(l.details, '$.accessLevel') = 'PUBLIC')
 ORDER BY t.purged_at
ON CONFLICT (uuid) DO NOTHING;

-- A document that is (or becomes) public and live: its record is there, not deleted, dated now.
CREATE TRIGGER oai_records_archive_insert AFTER INSERT ON archives
  WHEN new.access_level = 'PUBLIC' AND new.deleted_at IS NULL BEGIN
  INSERT INTO oai_records (uuid, datestamp, deleted, category_id, unit_kerja_id)
  VALUES (new.uuid, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 0, new.category_id, new.unit_kerja_id)
  ON CONFLICT (uuid) DO UPDATE SET datestamp = excluded.datestamp, deleted = 0,
    category_id = excluded.category_id, unit_kerja_id = excluded.unit_kerja_id;
END;
-- Only real changes of what the record shows move its datestamp (a save that changes nothing
-- does not make every harvester fetch it again). The file counts: its type is dc:format.
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
-- Trashed or made non-public: deleted from then on (dated when it happened, once).
CREATE TRIGGER oai_records_archive_hidden AFTER UPDATE OF access_level, deleted_at ON archives
  WHEN NOT (new.access_level = 'PUBLIC' AND new.deleted_at IS NULL) BEGIN
  UPDATE oai_records SET deleted = 1, datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
   WHERE uuid = new.uuid AND deleted = 0;
END;
-- Purged (its tombstone is written in the same batch): still deleted, for good.
CREATE TRIGGER oai_records_archive_delete AFTER DELETE ON archives BEGIN
  UPDATE oai_records SET deleted = 1, datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
   WHERE uuid = old.uuid AND deleted = 0;
END;
-- The names a record shows (its category as dc:type and dc:subject, its unit as dc:creator).
CREATE TRIGGER oai_records_unit_rename AFTER UPDATE OF nama ON unit_kerja WHEN old.nama IS NOT new.nama BEGIN
  UPDATE oai_records SET datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE unit_kerja_id = new.id AND deleted = 0;
END;
CREATE TRIGGER oai_records_category_rename AFTER UPDATE OF category_name ON categories
  WHEN old.category_name IS NOT new.category_name BEGIN
  UPDATE oai_records SET datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE category_id = new.id AND deleted = 0;
END;

-- Its classification code and name are one more dc:subject.
CREATE TRIGGER oai_records_classification_rename AFTER UPDATE OF code, name ON classification_codes
  WHEN old.code IS NOT new.code OR old.name IS NOT new.name BEGIN
  UPDATE oai_records SET datestamp = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
   WHERE deleted = 0 AND uuid IN (SELECT uuid FROM archives WHERE classification_id = new.id);
END;

-- /oai is edge-cached like the public pages: any change of a record, or of the sets ListSets
-- names (categories already bump it, see 0001), is a new public version.
CREATE TRIGGER public_version_oai_insert AFTER INSERT ON oai_records BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_oai_update AFTER UPDATE ON oai_records BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
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

-- ---- Personal API tokens -----------------------------------------------------------------------
-- A token acts as its owner, narrowed by its scope ('read': safe methods only). Only an HMAC of
-- the token under SESSION_SECRET is stored (as for sessions); `token_prefix` is its public start,
-- shown in lists so an owner can tell tokens apart. The owner's role and unit when it was issued
-- are kept: a token whose owner's role or unit is no longer these is dead (the look-up compares
-- them), whatever path changed the user; the owner's deletion removes their tokens (cascade).
CREATE TABLE api_tokens (
  id             INTEGER PRIMARY KEY,
  uuid           TEXT NOT NULL UNIQUE,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name           TEXT NOT NULL,
  scope          TEXT NOT NULL CHECK (scope IN ('read', 'read_write')),
  token_hash     TEXT NOT NULL UNIQUE,
  token_prefix   TEXT NOT NULL,
  role_id        INTEGER NOT NULL,
  unit_kerja_id  INTEGER,
  created_at     TEXT NOT NULL,
  expires_at     TEXT NOT NULL,
  last_used_at   TEXT,
  last_used_ip   TEXT,
  revoked_at     TEXT,
  revoked_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- OWNER (revoked by its owner), ADMIN (by a Super Admin), OWNER_CHANGED (role or unit changed).
  revoked_reason TEXT
);
CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at DESC, id DESC);
CREATE INDEX api_tokens_created ON api_tokens (created_at DESC, id DESC);
CREATE INDEX api_tokens_revoked_by ON api_tokens (revoked_by);
