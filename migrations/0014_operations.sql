-- Operations: fixity checks of the stored objects, and how each full-text index is refilled when
-- a backup is restored. Forward-only; upgrades a database that already holds data.

-- ---- Fixity ----------------------------------------------------------------------------------
-- One row per stored R2 object a file version refers to. Several versions may share an object (a
-- restored version copies the row, not the bytes), so fixity is per object, not per version. A
-- document in the trash keeps its objects, and they stay here until the purge removes the last
-- version using them. The checker takes rows oldest-checked first (never checked first).
CREATE TABLE file_fixity (
  r2_key        TEXT PRIMARY KEY,
  -- What the upload recorded: the bytes every check is compared with.
  sha256        TEXT NOT NULL,
  file_size     INTEGER NOT NULL,
  registered_at TEXT NOT NULL,
  -- The last check (NULL: never checked yet).
  checked_at    TEXT,
  status        TEXT CHECK (status IN ('OK', 'MISMATCH', 'MISSING')),
  -- What the last failing check found (NULL for a missing object or a good one).
  actual_sha256 TEXT,
  actual_size   INTEGER,
  -- The first check of the current run of failures (NULL while the object is good).
  failing_since TEXT,
  checks        INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX file_fixity_due ON file_fixity (checked_at, r2_key);
CREATE INDEX file_fixity_failing ON file_fixity (failing_since) WHERE failing_since IS NOT NULL;

CREATE TRIGGER file_fixity_register AFTER INSERT ON archive_files BEGIN
  INSERT INTO file_fixity (r2_key, sha256, file_size, registered_at)
  VALUES (new.r2_key, new.sha256, new.file_size, new.created_at)
  ON CONFLICT (r2_key) DO NOTHING;
END;
CREATE TRIGGER file_fixity_unregister AFTER DELETE ON archive_files
  WHEN NOT EXISTS (SELECT 1 FROM archive_files WHERE r2_key = old.r2_key) BEGIN
  DELETE FROM file_fixity WHERE r2_key = old.r2_key;
END;
INSERT INTO file_fixity (r2_key, sha256, file_size, registered_at)
SELECT f.r2_key, f.sha256, f.file_size, f.created_at
  FROM archive_files f
 WHERE f.id = (SELECT MIN(g.id) FROM archive_files g WHERE g.r2_key = f.r2_key);

-- Every check, one row: an object's fixity history (who or what checked, when, what was found).
-- Kept after the object is purged (the tombstone names its hashes). Good checks older than a year
-- are pruned by the checker; failures stay.
CREATE TABLE fixity_checks (
  id              INTEGER PRIMARY KEY,
  r2_key          TEXT NOT NULL,
  checked_at      TEXT NOT NULL,
  outcome         TEXT NOT NULL CHECK (outcome IN ('OK', 'MISMATCH', 'MISSING')),
  expected_sha256 TEXT NOT NULL,
  actual_sha256   TEXT,
  actual_size     INTEGER,
  -- The Super Admin who asked (an on-demand check), or NULL for the scheduled job. No foreign
  -- key: the record outlives the account.
  requested_by    INTEGER
);
CREATE INDEX fixity_checks_key ON fixity_checks (r2_key, checked_at);
CREATE INDEX fixity_checks_prune ON fixity_checks (checked_at) WHERE outcome = 'OK';

-- ---- Full-text indexes after a restore -------------------------------------------------------
-- A backup leaves FTS5 tables and their shadow tables out (D1 refuses to export them, and a
-- restore may not write shadow tables); the restore recreates each FTS5 table empty and refills
-- it. An external-content index that mirrors every row of its table needs nothing here (FTS5's
-- 'rebuild' refills it). An index that holds only some rows, or whose content lives nowhere
-- else, names here the one INSERT ... SELECT that refills it; whoever adds such an index adds its
-- row in the same migration.
CREATE TABLE fts_refill (
  fts_table TEXT PRIMARY KEY,
  refill    TEXT NOT NULL
) WITHOUT ROWID;
-- The catalogue's index holds live documents only (see the triggers of 0008).
INSERT INTO fts_refill (fts_table, refill) VALUES (
  'archives_fts',
  'INSERT INTO archives_fts (rowid, title, document_number, keywords, description) SELECT id, title, document_number, keywords, description FROM archives WHERE deleted_at IS NULL'
);
