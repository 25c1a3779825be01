-- Three rules kept by the database (issue 24):
-- 1. An open access request is answered by the document's owning unit: when a document moves to
--    another unit (a Super Admin choosing the owner of a document that had none, or handing it
--    over), its PENDING and APPROVED requests move with it. Answered requests keep their history.
-- 2. The search finds documents by their uploader's name: the full-text index gains an
--    `uploader` column, read from a view, and follows renames of users.
-- 3. The audit log has an honest, cheap total: counts per action and per actor, kept by a
--    trigger, so the pager never counts a million rows.

-- 1. Ownership ---------------------------------------------------------------------------------
CREATE TRIGGER access_requests_follow_owner AFTER UPDATE OF unit_kerja_id ON archives
  WHEN old.unit_kerja_id IS NOT new.unit_kerja_id BEGIN
  UPDATE access_requests SET owner_unit_kerja_id = new.unit_kerja_id
   WHERE archive_id = new.id AND status IN ('PENDING', 'APPROVED');
END;

-- Existing rows: an open request always names its document's current unit.
UPDATE access_requests
   SET owner_unit_kerja_id = (SELECT a.unit_kerja_id FROM archives a WHERE a.id = access_requests.archive_id)
 WHERE status IN ('PENDING', 'APPROVED')
   AND owner_unit_kerja_id IS NOT (SELECT a.unit_kerja_id FROM archives a WHERE a.id = access_requests.archive_id);

-- 2. Search by uploader name -------------------------------------------------------------------
-- The index's external content is a view, so every column it holds (the uploader's name
-- included) can be read back, as FTS5 does for 'rebuild' and integrity checks.
CREATE VIEW archives_search_content AS
  SELECT a.id, a.title, a.document_number, a.keywords, a.description, COALESCE(u.full_name, '') AS uploader
    FROM archives a LEFT JOIN users u ON u.id = a.uploader_id;

DROP TRIGGER archives_fts_insert;
DROP TRIGGER archives_fts_delete;
DROP TRIGGER archives_fts_update;
DROP TRIGGER archives_fts_trash;
DROP TRIGGER archives_fts_restore;
DROP TABLE archives_fts;

CREATE VIRTUAL TABLE archives_fts USING fts5 (
  title, document_number, keywords, description, uploader,
  content = 'archives_search_content', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
);

-- Live documents only, as before (the trash leaves the index, a restore comes back).
INSERT INTO archives_fts (rowid, title, document_number, keywords, description, uploader)
  SELECT s.id, s.title, s.document_number, s.keywords, s.description, s.uploader
    FROM archives_search_content s JOIN archives a ON a.id = s.id
   WHERE a.deleted_at IS NULL;

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

-- A restore refills the index from the same view (see fts_refill in 0014).
UPDATE fts_refill
   SET refill = 'INSERT INTO archives_fts (rowid, title, document_number, keywords, description, uploader) SELECT s.id, s.title, s.document_number, s.keywords, s.description, s.uploader FROM archives_search_content s JOIN archives a ON a.id = s.id WHERE a.deleted_at IS NULL'
 WHERE fts_table = 'archives_fts';

-- A renamed user: their live documents are indexed under the new name (the old one is what
-- the index holds, so it is what the 'delete' rows must name).
CREATE TRIGGER archives_fts_uploader_rename AFTER UPDATE OF full_name ON users
  WHEN old.full_name IS NOT new.full_name BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description, uploader)
    SELECT 'delete', id, title, document_number, keywords, description, COALESCE(old.full_name, '')
      FROM archives WHERE uploader_id = new.id AND deleted_at IS NULL;
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description, uploader)
    SELECT id, title, document_number, keywords, description, COALESCE(new.full_name, '')
      FROM archives WHERE uploader_id = new.id AND deleted_at IS NULL;
END;

-- 3. Audit log totals --------------------------------------------------------------------------
-- dimension 'all' (value ''), 'action' (the action), 'actor' (the actor's user id as text).
-- Audit rows are never deleted, so the counts only grow.
CREATE TABLE audit_log_counts (
  dimension TEXT NOT NULL,
  value     TEXT NOT NULL,
  total     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (dimension, value)
) WITHOUT ROWID;

INSERT INTO audit_log_counts (dimension, value, total) SELECT 'all', '', COUNT(*) FROM audit_logs;
INSERT INTO audit_log_counts (dimension, value, total) SELECT 'action', action, COUNT(*) FROM audit_logs GROUP BY action;
INSERT INTO audit_log_counts (dimension, value, total)
  SELECT 'actor', CAST(actor_id AS TEXT), COUNT(*) FROM audit_logs WHERE actor_id IS NOT NULL GROUP BY actor_id;

CREATE TRIGGER audit_log_counts_insert AFTER INSERT ON audit_logs BEGIN
  INSERT INTO audit_log_counts (dimension, value, total) VALUES ('all', '', 1)
    ON CONFLICT (dimension, value) DO UPDATE SET total = total + 1;
  INSERT INTO audit_log_counts (dimension, value, total) VALUES ('action', new.action, 1)
    ON CONFLICT (dimension, value) DO UPDATE SET total = total + 1;
  INSERT INTO audit_log_counts (dimension, value, total) SELECT 'actor', CAST(new.actor_id AS TEXT), 1 WHERE new.actor_id IS NOT NULL
    ON CONFLICT (dimension, value) DO UPDATE SET total = total + 1;
END;
