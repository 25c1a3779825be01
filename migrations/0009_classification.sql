-- Classification codes (klasifikasi arsip) and security classes (SKKAAD, Perka ANRI 17/2011).
-- Forward-only: every existing document keeps working without a code; its class follows its
-- access level (PUBLIC -> BIASA, PRIVATE -> TERBATAS).

-- The university's classification scheme: a tree of codes ('PP' > 'PP.01' > 'PP.01.02'). A
-- child's code extends its parent's code with '.', so a code and all codes below it are one
-- range of the code index (filters include children without a recursive query).
CREATE TABLE classification_codes (
  id                       INTEGER PRIMARY KEY,
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
CREATE INDEX classification_codes_parent ON classification_codes (parent_id);

ALTER TABLE archives ADD COLUMN classification_id INTEGER REFERENCES classification_codes (id);
ALTER TABLE archives ADD COLUMN security_class TEXT NOT NULL DEFAULT 'TERBATAS'
  CHECK (security_class IN ('BIASA', 'TERBATAS', 'RAHASIA', 'SANGAT_RAHASIA'));
UPDATE archives SET security_class = CASE access_level WHEN 'PUBLIC' THEN 'BIASA' ELSE 'TERBATAS' END;
CREATE INDEX archives_classification ON archives (classification_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- The SPEC's access level and the class are one fact seen twice: PUBLIC <=> BIASA. A new row
-- that names only its access level (a script, an import) gets the class that goes with it; an
-- update that would part them is refused (the service never tries).
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

-- A code in use by a document, or with codes below it, stays (the service explains why).
CREATE TRIGGER classification_codes_keep_in_use BEFORE DELETE ON classification_codes
  WHEN EXISTS (SELECT 1 FROM archives WHERE classification_id = old.id)
    OR EXISTS (SELECT 1 FROM classification_codes WHERE parent_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'CLASSIFICATION_IN_USE');
END;

-- Counts a reader may see. SANGAT_RAHASIA documents exist only for their owning unit and Super
-- Admin, so the trigger-kept counts now say whose they are: `restricted_unit` is 0 for a
-- document every signed-in user may see, the owning unit's id for a SANGAT_RAHASIA one (-1
-- without a unit: Super Admin only). A reader sums the rows it may see; no total leaks.
CREATE TABLE archive_counts_next (
  category_id     INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  access_level    TEXT NOT NULL,
  restricted_unit INTEGER NOT NULL DEFAULT 0,
  total           INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, access_level, restricted_unit)
) WITHOUT ROWID;
INSERT INTO archive_counts_next (category_id, access_level, restricted_unit, total)
  SELECT category_id, access_level, 0, total FROM archive_counts;
DROP TRIGGER archive_counts_insert;
DROP TRIGGER archive_counts_delete;
DROP TRIGGER archive_counts_update;
DROP TRIGGER archive_counts_trash;
DROP TRIGGER archive_counts_restore;
DROP TABLE archive_counts;
ALTER TABLE archive_counts_next RENAME TO archive_counts;

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


-- Live documents per code (0: none), kept by triggers like archive_counts: the admin dashboard's
-- "documents without a code" is one row, not a count over the catalogue.
CREATE TABLE classification_counts (
  classification_id INTEGER PRIMARY KEY,
  total             INTEGER NOT NULL DEFAULT 0
);
INSERT INTO classification_counts (classification_id, total)
  SELECT COALESCE(classification_id, 0), COUNT(*) FROM archives WHERE deleted_at IS NULL GROUP BY COALESCE(classification_id, 0);
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
