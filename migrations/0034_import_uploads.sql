-- Large import ZIPs sent in parts (issue 29): an R2 multipart upload kept open between requests.
-- Forward-only and additive: two new tables, nothing existing changes.

-- One upload in progress: who sends it, the R2 key and multipart upload id it is written to, the
-- size declared at the start and the part size every part but the last must have. A finished
-- upload's row goes in the batch that hands its object to the dry run; an unfinished one is
-- aborted by the maintenance job a day after it started.
CREATE TABLE import_uploads (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid          TEXT NOT NULL UNIQUE,
  created_by    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name     TEXT NOT NULL,
  -- The category of lines that name none (as `categoryId` on the one-post form); NULL for none.
  category_id   INTEGER,
  r2_key        TEXT NOT NULL,
  r2_upload_id  TEXT NOT NULL,
  size          INTEGER NOT NULL,
  part_size     INTEGER NOT NULL,
  parts         INTEGER NOT NULL,
  created_at    TEXT NOT NULL
);
CREATE INDEX import_uploads_by_age ON import_uploads (created_at);

-- The parts R2 has confirmed, with the etag its completion needs (a part sent again replaces it).
CREATE TABLE import_upload_parts (
  upload_id    INTEGER NOT NULL REFERENCES import_uploads (id) ON DELETE CASCADE,
  part_number  INTEGER NOT NULL,
  etag         TEXT NOT NULL,
  PRIMARY KEY (upload_id, part_number)
) WITHOUT ROWID;
