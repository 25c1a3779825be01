-- Text extracted from each document's current file, so staff find a document by what it says.
-- Filled off the request path by the extraction queue's consumer; a document is never blocked by
-- its extraction. One row per live document, for the version named by `file_id`: a new version
-- (replace, restore) sets the row back to PENDING for that version; the consumer writes its
-- result only while `file_id` is still the document's current file (a stale message is dropped).
--
-- status: PENDING (Menunggu), INDEXED (Terindeks), NO_TEXT (Tanpa teks: a scan or image without
-- a text layer, perlu OCR), FAILED (Gagal, with `error`, after the queue's retries).
CREATE TABLE archive_texts (
  archive_id   INTEGER PRIMARY KEY REFERENCES archives (id) ON DELETE CASCADE,
  file_id      INTEGER NOT NULL,
  status       TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'INDEXED', 'NO_TEXT', 'FAILED')),
  -- The extracted text, capped (pages and bytes: see the README); '' until INDEXED.
  body         TEXT NOT NULL DEFAULT '',
  pages        INTEGER,
  truncated    INTEGER NOT NULL DEFAULT 0 CHECK (truncated IN (0, 1)),
  error        TEXT,
  attempts     INTEGER NOT NULL DEFAULT 0,
  queued_at    TEXT NOT NULL,
  extracted_at TEXT
);
CREATE INDEX archive_texts_status ON archive_texts (status, queued_at);

-- Every document already stored waits for its first extraction (the backfill enqueues them).
INSERT INTO archive_texts (archive_id, file_id, status, queued_at)
  SELECT id, current_file_id, 'PENDING', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    FROM archives WHERE current_file_id IS NOT NULL;
