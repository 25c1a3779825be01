-- Retention schedule (JRA) and disposal (penyusutan arsip): the retention clock, legal holds,
-- the lists of records proposed for destruction or hand-over, and their Berita Acara.
-- Forward-only: every existing document keeps its data; its clock starts at the end of its year
-- until someone sets 'Tanggal mulai retensi'.

-- Per document: an override of the clock's start (ISO date; null = 31 December of `year`), the
-- outcome of a reappraisal (Dinilai Kembali: a later due date and/or a new final disposition),
-- and its archival state once a hand-over list has run (STATIS: read-only, never destroyed).
ALTER TABLE archives ADD COLUMN retention_start_date TEXT;
ALTER TABLE archives ADD COLUMN retention_extended_until TEXT;
ALTER TABLE archives ADD COLUMN disposition_override TEXT CHECK (disposition_override IN ('MUSNAH', 'PERMANEN'));
ALTER TABLE archives ADD COLUMN archival_state TEXT CHECK (archival_state IN ('STATIS'));

-- Legal holds (penahanan): on one document or on a whole classification code (and the codes
-- below it). A held record is never proposed, listed for execution or destroyed. Released holds
-- stay as history.
CREATE TABLE retention_holds (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  archive_id        INTEGER REFERENCES archives (id) ON DELETE CASCADE,
  classification_id INTEGER REFERENCES classification_codes (id),
  reason            TEXT NOT NULL,
  created_by        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at        TEXT NOT NULL,
  released_at       TEXT,
  released_by       INTEGER REFERENCES users (id) ON DELETE SET NULL,
  release_reason    TEXT,
  CHECK ((archive_id IS NULL) <> (classification_id IS NULL))
);
CREATE INDEX retention_holds_archive ON retention_holds (archive_id) WHERE released_at IS NULL;
CREATE INDEX retention_holds_code ON retention_holds (classification_id) WHERE released_at IS NULL;

-- The clock's result per live document, refreshed by the daily cron (and by the service when a
-- document's code, dates or hold change), so the disposal workspace pages through candidates
-- by an index. status: AKTIF, INAKTIF, JATUH_TEMPO (due for `disposition`), DITAHAN, STATIS,
-- TANPA_KODE. Destroyed records have no row: their tombstones count them.
CREATE TABLE retention_states (
  archive_id     INTEGER PRIMARY KEY REFERENCES archives (id) ON DELETE CASCADE,
  status         TEXT NOT NULL CHECK (status IN ('AKTIF', 'INAKTIF', 'JATUH_TEMPO', 'DITAHAN', 'STATIS', 'TANPA_KODE')),
  disposition    TEXT CHECK (disposition IN ('MUSNAH', 'PERMANEN', 'DINILAI_KEMBALI')),
  active_until   TEXT,
  inactive_until TEXT,
  unit_kerja_id  INTEGER,
  refreshed_at   TEXT NOT NULL
);
CREATE INDEX retention_states_due ON retention_states (status, disposition, archive_id);
CREATE INDEX retention_states_unit ON retention_states (unit_kerja_id, status, disposition, archive_id);

-- A numbered list: Daftar Arsip Usul Musnah (kind MUSNAH) or Usul Serah (kind SERAH). Items are
-- snapshots of the records as listed (so a later change is detected at execution and the list
-- and its Berita Acara still read the same after the records are gone).
-- status: DRAFT (being decided) -> EXECUTED (exactly once: the execution claims the list with a
-- compare-and-set from DRAFT to EXECUTING).
CREATE TABLE disposal_lists (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid               TEXT NOT NULL UNIQUE,
  kind               TEXT NOT NULL CHECK (kind IN ('MUSNAH', 'SERAH')),
  number             TEXT NOT NULL UNIQUE,
  status             TEXT NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'EXECUTING', 'EXECUTED')),
  note               TEXT NOT NULL DEFAULT '',
  -- Persetujuan ANRI: required before execution when any item's total retention is >= 10 years.
  anri_letter_number TEXT,
  anri_letter_date   TEXT,
  created_by         INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at         TEXT NOT NULL,
  executed_by        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  executed_at        TEXT
);
CREATE INDEX disposal_lists_created ON disposal_lists (created_at DESC, id DESC);

CREATE TABLE disposal_items (
  list_id             INTEGER NOT NULL REFERENCES disposal_lists (id),
  position            INTEGER NOT NULL,
  -- No foreign key: a destroyed record's row is gone, its tombstone keeps the uuid.
  archive_id          INTEGER NOT NULL,
  archive_uuid        TEXT NOT NULL,
  unit_kerja_id       INTEGER,
  classification_code TEXT NOT NULL,
  title               TEXT NOT NULL,
  document_number     TEXT NOT NULL,
  year                INTEGER NOT NULL,
  file_count          INTEGER NOT NULL,
  retention_years     INTEGER NOT NULL,
  -- SHA-256 over the record's metadata and current file hash when listed.
  snapshot_sha256     TEXT NOT NULL,
  decision            TEXT CHECK (decision IN ('SETUJUI', 'TUNDA')),
  decision_reason     TEXT,
  decided_by          INTEGER REFERENCES users (id) ON DELETE SET NULL,
  decided_at          TEXT,
  -- Set by the execution: DONE (destroyed / handed over) or SKIPPED with the reason.
  outcome             TEXT CHECK (outcome IN ('DONE', 'SKIPPED')),
  skip_reason         TEXT,
  PRIMARY KEY (list_id, position),
  UNIQUE (list_id, archive_id)
);
CREATE INDEX disposal_items_archive ON disposal_items (archive_id);

-- The official record of an executed list, stored as a PDF in R2; its uuid is the public
-- verification page's address (/verifikasi/{uuid}), which shows number, date and hashes only.
CREATE TABLE berita_acara (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid         TEXT NOT NULL UNIQUE,
  list_id      INTEGER NOT NULL UNIQUE REFERENCES disposal_lists (id),
  kind         TEXT NOT NULL CHECK (kind IN ('PEMUSNAHAN', 'PENYERAHAN')),
  number       TEXT NOT NULL UNIQUE,
  issued_on    TEXT NOT NULL,
  place        TEXT NOT NULL,
  item_count   INTEGER NOT NULL,
  list_sha256  TEXT NOT NULL,
  r2_key       TEXT NOT NULL,
  pdf_sha256   TEXT NOT NULL,
  created_at   TEXT NOT NULL
);

-- A destroyed record's tombstone points to the Berita Acara that destroyed it (reason DESTROYED).
ALTER TABLE archive_tombstones ADD COLUMN berita_acara_id INTEGER REFERENCES berita_acara (id);
