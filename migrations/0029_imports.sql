-- Bringing an existing archive in (issue 29): imports of a ZIP with a manifest.
-- Forward-only: existing documents get import_id NULL (not imported); nothing existing changes meaning.

-- The import that created the document (its rollback removes exactly these; NULL for the rest).
ALTER TABLE archives ADD COLUMN import_id INTEGER;
CREATE INDEX archives_import ON archives (import_id) WHERE import_id IS NOT NULL;

-- One import: its source (a ZIP with a manifest, or a CSV/XLSX alone) in R2 under `source_key`,
-- the dry run's result, and its run. Status: UPLOADING (parts still arriving), CHECKED (a clean
-- dry run), INVALID (the dry run found errors; it cannot run), RUNNING, ROLLING_BACK (a failed or
-- cancelled run removing what it created), DONE, FAILED, CANCELLED.
CREATE TABLE imports (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid                TEXT NOT NULL UNIQUE,
  created_by          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The unit a Satuan Kerja imports into (its own); NULL for a Super Admin (the lines name theirs).
  unit_kerja_id       INTEGER REFERENCES unit_kerja (id),
  source_name         TEXT NOT NULL,
  source_key          TEXT,
  source_size         INTEGER NOT NULL DEFAULT 0,
  upload_id           TEXT,
  -- ZIP (files and a manifest), CSV or XLSX (a manifest alone: records without files).
  source_kind         TEXT NOT NULL CHECK (source_kind IN ('ZIP', 'CSV', 'XLSX')),
  -- MANIFEST (E-Arsip's columns) or ARTERI (Arteri's spreadsheet as it is).
  manifest_format     TEXT,
  manifest_name       TEXT,
  encoding            TEXT,
  status              TEXT NOT NULL CHECK (status IN ('UPLOADING', 'CHECKED', 'INVALID', 'RUNNING', 'ROLLING_BACK', 'DONE', 'FAILED', 'CANCELLED')),
  lines               INTEGER NOT NULL DEFAULT 0,
  files               INTEGER NOT NULL DEFAULT 0,
  error_count         INTEGER NOT NULL DEFAULT 0,
  -- JSON [{ line, message }], the first 1,000 (error_count has them all).
  errors              TEXT NOT NULL DEFAULT '[]',
  warnings            TEXT NOT NULL DEFAULT '[]',
  job_id              INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  created_documents   INTEGER NOT NULL DEFAULT 0,
  cancel_requested_at TEXT,
  error               TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  finished_at         TEXT
);
CREATE INDEX imports_by_creator ON imports (created_by, created_at DESC);
CREATE INDEX imports_idle ON imports (status, updated_at) WHERE source_key IS NOT NULL;

-- The checked lines of an import's dry run, as the run writes them (metadata resolved, the
-- ZIP entry located): the run reads them in order by its cursor and never parses the source again.
CREATE TABLE import_lines (
  import_id  INTEGER NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  line       INTEGER NOT NULL,
  data       TEXT NOT NULL,
  PRIMARY KEY (import_id, line)
) WITHOUT ROWID;
