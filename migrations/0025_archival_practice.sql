-- Archival practice, round 2: berkas (files of records), the records centre (unit kearsipan)
-- and the moving of inactive records to it (pemindahan, with its Berita Acara), and vital
-- records (arsip vital) with a second copy and restore drills.
-- Forward-only: every existing document stays unfiled, at its unit, not vital; no unit is the
-- records centre until a Super Admin names one.

-- The records centre: at most one unit receives the inactive records of the others.
ALTER TABLE unit_kerja ADD COLUMN is_records_centre INTEGER NOT NULL DEFAULT 0 CHECK (is_records_centre IN (0, 1));
CREATE UNIQUE INDEX unit_kerja_one_records_centre ON unit_kerja (is_records_centre) WHERE is_records_centre = 1;

-- A berkas: the records of one matter under one classification code, of one unit. Its dates and
-- item count are computed from its documents. `custody_unit_id` is null while the berkas is at its
-- unit, and the records centre once a transfer moved it there (with the box and rack of its paper).
CREATE TABLE berkas (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  number            TEXT NOT NULL,
  title             TEXT NOT NULL,
  classification_id INTEGER NOT NULL REFERENCES classification_codes (id),
  unit_kerja_id     INTEGER NOT NULL REFERENCES unit_kerja (id),
  development_level TEXT NOT NULL DEFAULT 'ASLI' CHECK (development_level IN ('ASLI', 'SALINAN', 'TEMBUSAN', 'PETIKAN')),
  note              TEXT NOT NULL DEFAULT '',
  custody_unit_id   INTEGER REFERENCES unit_kerja (id),
  location_box      TEXT,
  location_rack     TEXT,
  created_by        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  UNIQUE (unit_kerja_id, number)
);
CREATE INDEX berkas_unit ON berkas (unit_kerja_id, number);
CREATE INDEX berkas_custody ON berkas (custody_unit_id) WHERE custody_unit_id IS NOT NULL;

-- A document is filed in at most one berkas (null: unfiled); a moved berkas's documents carry the
-- records centre as their custodian (read by the policy without a join).
ALTER TABLE archives ADD COLUMN berkas_id INTEGER REFERENCES berkas (id);
ALTER TABLE archives ADD COLUMN custody_unit_id INTEGER REFERENCES unit_kerja (id);
CREATE INDEX archives_berkas ON archives (berkas_id, year) WHERE berkas_id IS NOT NULL;

-- A berkas holds documents of its own unit and code only, whichever write path files or edits
-- them; and its unit or code cannot change while it holds any.
CREATE TRIGGER archives_berkas_matches BEFORE UPDATE OF berkas_id, unit_kerja_id, classification_id ON archives
  WHEN new.berkas_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM berkas b WHERE b.id = new.berkas_id AND b.unit_kerja_id IS new.unit_kerja_id AND b.classification_id IS new.classification_id)
BEGIN
  SELECT RAISE(ABORT, 'BERKAS_MISMATCH');
END;
CREATE TRIGGER archives_berkas_matches_insert BEFORE INSERT ON archives
  WHEN new.berkas_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM berkas b WHERE b.id = new.berkas_id AND b.unit_kerja_id IS new.unit_kerja_id AND b.classification_id IS new.classification_id)
BEGIN
  SELECT RAISE(ABORT, 'BERKAS_MISMATCH');
END;
CREATE TRIGGER berkas_keep_filing BEFORE UPDATE OF unit_kerja_id, classification_id ON berkas
  WHEN (old.unit_kerja_id IS NOT new.unit_kerja_id OR old.classification_id IS NOT new.classification_id)
   AND EXISTS (SELECT 1 FROM archives WHERE berkas_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'BERKAS_MISMATCH');
END;
-- A berkas that holds documents (in the trash too) stays.
CREATE TRIGGER berkas_keep_in_use BEFORE DELETE ON berkas
  WHEN EXISTS (SELECT 1 FROM archives WHERE berkas_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'BERKAS_IN_USE');
END;
-- A unit or a code a berkas uses stays, as one a document uses does.
CREATE TRIGGER unit_kerja_keep_berkas BEFORE DELETE ON unit_kerja
  WHEN EXISTS (SELECT 1 FROM berkas WHERE unit_kerja_id = old.id OR custody_unit_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIT_KERJA_IN_USE');
END;
CREATE TRIGGER classification_codes_keep_berkas BEFORE DELETE ON classification_codes
  WHEN EXISTS (SELECT 1 FROM berkas WHERE classification_id = old.id)
BEGIN
  SELECT RAISE(ABORT, 'CLASSIFICATION_IN_USE');
END;

-- Pemindahan arsip inaktif: a unit proposes berkas whose active period has passed (DIUSULKAN);
-- the records centre accepts (DITERIMA: custody passes, the Berita Acara Pemindahan is issued)
-- or rejects (DITOLAK) it. The Berita Acara's columns are filled at acceptance; its uuid is a
-- public verification address (/verifikasi/{uuid}) like a disposal Berita Acara's.
CREATE TABLE transfers (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid              TEXT NOT NULL UNIQUE,
  number            TEXT NOT NULL UNIQUE,
  unit_kerja_id     INTEGER NOT NULL REFERENCES unit_kerja (id),
  status            TEXT NOT NULL DEFAULT 'DIUSULKAN' CHECK (status IN ('DIUSULKAN', 'DITERIMA', 'DITOLAK')),
  note              TEXT NOT NULL DEFAULT '',
  proposed_by       INTEGER REFERENCES users (id) ON DELETE SET NULL,
  proposed_at       TEXT NOT NULL,
  records_centre_id INTEGER REFERENCES unit_kerja (id),
  decided_by        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  decided_at        TEXT,
  decision_note     TEXT,
  ba_uuid           TEXT UNIQUE,
  ba_number         TEXT UNIQUE,
  ba_issued_on      TEXT,
  ba_place          TEXT,
  ba_list_sha256    TEXT,
  ba_r2_key         TEXT,
  ba_pdf_sha256     TEXT
);
CREATE INDEX transfers_unit ON transfers (unit_kerja_id, id);
CREATE INDEX transfers_status ON transfers (status, id);

-- The berkas of a transfer as proposed (the Daftar Arsip yang Dipindahkan reads these, so it
-- reads the same later), with the location the records centre recorded at acceptance.
CREATE TABLE transfer_items (
  transfer_id         INTEGER NOT NULL REFERENCES transfers (id),
  position            INTEGER NOT NULL,
  berkas_id           INTEGER NOT NULL,
  berkas_number       TEXT NOT NULL,
  classification_code TEXT NOT NULL,
  title               TEXT NOT NULL,
  start_year          INTEGER,
  end_year            INTEGER,
  item_count          INTEGER NOT NULL,
  development_level   TEXT NOT NULL,
  location_box        TEXT,
  location_rack       TEXT,
  PRIMARY KEY (transfer_id, position),
  UNIQUE (transfer_id, berkas_id)
);
CREATE INDEX transfer_items_berkas ON transfer_items (berkas_id);

-- Arsip vital: the flag (Super Admin) with its reason and review period. Lifting it deletes the
-- row (the audit log keeps the history).
CREATE TABLE vital_records (
  archive_id    INTEGER PRIMARY KEY REFERENCES archives (id) ON DELETE CASCADE,
  reason        TEXT NOT NULL,
  review_months INTEGER NOT NULL CHECK (review_months BETWEEN 1 AND 120),
  review_due_on TEXT NOT NULL,
  flagged_by    INTEGER REFERENCES users (id) ON DELETE SET NULL,
  flagged_at    TEXT NOT NULL
);
CREATE INDEX vital_records_review ON vital_records (review_due_on);

-- The second copies in the VITAL_FILES bucket, under the same key as in FILES: what was written
-- and what the last check found. `released_at`: the flag was lifted or the file replaced, so the
-- copy waits to be deleted from the second bucket.
CREATE TABLE vital_copies (
  r2_key      TEXT PRIMARY KEY,
  archive_id  INTEGER NOT NULL,
  sha256      TEXT NOT NULL,
  file_size   INTEGER NOT NULL,
  copied_at   TEXT NOT NULL,
  checked_at  TEXT,
  status      TEXT NOT NULL DEFAULT 'OK' CHECK (status IN ('OK', 'MISMATCH', 'MISSING')),
  released_at TEXT
);
CREATE INDEX vital_copies_archive ON vital_copies (archive_id);
CREATE INDEX vital_copies_due ON vital_copies (checked_at) WHERE released_at IS NULL;
CREATE INDEX vital_copies_released ON vital_copies (released_at) WHERE released_at IS NOT NULL;

-- 'Uji Pemulihan': each restore drill and what it found (kept as evidence; no foreign key, so a
-- drill outlives the flag and the record).
CREATE TABLE vital_drills (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  archive_id      INTEGER NOT NULL,
  archive_uuid    TEXT NOT NULL,
  title           TEXT NOT NULL,
  r2_key          TEXT NOT NULL,
  outcome         TEXT NOT NULL CHECK (outcome IN ('OK', 'MISMATCH', 'MISSING')),
  expected_sha256 TEXT NOT NULL,
  actual_sha256   TEXT,
  bytes           INTEGER,
  duration_ms     INTEGER NOT NULL,
  drilled_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
  drilled_at      TEXT NOT NULL
);
CREATE INDEX vital_drills_archive ON vital_drills (archive_id, id);
CREATE INDEX vital_drills_latest ON vital_drills (drilled_at);
