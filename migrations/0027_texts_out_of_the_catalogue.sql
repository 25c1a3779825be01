-- A million documents (issue 31): the extracted texts leave the catalogue's D1 database. A text
-- is stored in R2 (`text_key`, written by the extraction consumer) and only its full-text index
-- stays here, contentless: FTS5 keeps the words and their positions (bm25 and phrase queries
-- work as before), never a copy of the text. Snippets are cut from the R2 text, for the rows a
-- page shows only. At 1M documents of about 4 kB text this keeps the database near a third of
-- the size it would have with the texts in it (see docs/decisions/0226-a-million-documents.md).
--
-- Texts extracted before this migration keep their `body` in D1 until the cron moves them to R2
-- (a few hundred per run); the index is refilled from them here, so search works at once.

ALTER TABLE archive_texts ADD COLUMN text_key TEXT;
-- The texts still to move (the cron finds them without reading every row; empty once done).
CREATE INDEX archive_texts_in_d1 ON archive_texts (archive_id) WHERE status = 'INDEXED' AND text_key IS NULL;

DROP TRIGGER archive_texts_fts_insert;
DROP TRIGGER archive_texts_fts_update;
DROP TRIGGER archive_texts_fts_delete;
DROP TRIGGER archive_texts_fts_trash;
DROP TRIGGER archive_texts_fts_restore;
DROP TRIGGER archive_texts_fts_purge;
DROP TABLE archive_texts_fts;

-- Contentless with deletes by rowid (SQLite 3.43+). The index holds the INDEXED text of every
-- document, in the trash too: a contentless index cannot take a text back in on a restore, so
-- the trash leaves it in, and every read joins `archives` under the access rule, whose first
-- term is "not in the trash".
CREATE VIRTUAL TABLE archive_texts_fts USING fts5 (
  body,
  content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);

-- A text leaves the index when its row stops being INDEXED (a new version, 'Indeks ulang', the
-- backfill) or names another file, and when the row goes (a purge's cascade). The consumer adds
-- the new text in the batch that marks the row INDEXED.
CREATE TRIGGER archive_texts_fts_leave AFTER UPDATE OF status, file_id ON archive_texts
  WHEN old.status = 'INDEXED' AND (new.status <> 'INDEXED' OR new.file_id <> old.file_id) BEGIN
  DELETE FROM archive_texts_fts WHERE rowid = old.archive_id;
END;
CREATE TRIGGER archive_texts_fts_purge AFTER DELETE ON archive_texts
  WHEN old.status = 'INDEXED' BEGIN
  DELETE FROM archive_texts_fts WHERE rowid = old.archive_id;
END;

-- An R2 text no row names any more goes through the durable deletion queue, as a file does.
CREATE TRIGGER archive_texts_object_replaced AFTER UPDATE OF text_key ON archive_texts
  WHEN old.text_key IS NOT NULL AND old.text_key IS NOT new.text_key BEGIN
  INSERT OR IGNORE INTO file_deletions (r2_key, queued_at) VALUES (old.text_key, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER archive_texts_object_deleted AFTER DELETE ON archive_texts
  WHEN old.text_key IS NOT NULL BEGIN
  INSERT OR IGNORE INTO file_deletions (r2_key, queued_at) VALUES (old.text_key, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

-- What visitors' search finds changes with a text's status or file, not with where it is kept:
-- moving a body to R2 must not renew the public pages' cache key.
DROP TRIGGER public_version_text_update;
CREATE TRIGGER public_version_text_update AFTER UPDATE OF status, file_id ON archive_texts
  WHEN (old.status = 'INDEXED' OR new.status = 'INDEXED') AND EXISTS (SELECT 1 FROM archives WHERE id = new.archive_id AND access_level = 'PUBLIC') BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;

-- The texts already indexed, from the bodies still here.
INSERT INTO archive_texts_fts (rowid, body) SELECT archive_id, body FROM archive_texts WHERE status = 'INDEXED';

-- A restore cannot refill this index with SQL (the texts are in R2, which a backup of rows does
-- not hold): every indexed text waits again, and the backfill has its file extracted anew.
UPDATE fts_refill SET refill =
  'UPDATE archive_texts SET status = ''PENDING'', text_key = NULL, queued_at = ''1970-01-01T00:00:00.000Z'', attempts = 0 WHERE status = ''INDEXED'''
  WHERE fts_table = 'archive_texts_fts';
