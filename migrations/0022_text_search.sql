-- Search by what documents say (issue 19). The extracted text of archive_texts (0020) is indexed
-- by FTS5 for live documents whose text is INDEXED: the trash takes a text out of search, a
-- restore brings it back, a purge deletes it, a new file version (the row back to PENDING) takes
-- the old text out until the new one is indexed. The index's content is archive_texts itself
-- (external content: the text is stored once), so snippet() reads the real words.
--
-- Indonesian stemming without a custom tokenizer (D1 has none): the index holds the words as
-- written, and search_terms maps each word of the indexed texts to its stem (filled in JS by the
-- stemmer when a text is indexed). A query word is stemmed the same way and expanded to the
-- corpus's words with that stem, so bm25() and snippet() work on the real words.
CREATE VIRTUAL TABLE archive_texts_fts USING fts5 (
  body,
  content = 'archive_texts', content_rowid = 'archive_id', tokenize = 'unicode61 remove_diacritics 2'
);

-- A text is in the index exactly when its row is INDEXED and its document is live. Each trigger
-- removes what was in with the old values (an external-content index must be told the exact text
-- it held) and puts in what now qualifies.
CREATE TRIGGER archive_texts_fts_insert AFTER INSERT ON archive_texts
  WHEN new.status = 'INDEXED' AND EXISTS (SELECT 1 FROM archives WHERE id = new.archive_id AND deleted_at IS NULL) BEGIN
  INSERT INTO archive_texts_fts (rowid, body) VALUES (new.archive_id, new.body);
END;
-- One trigger for both halves of an update, so the old text leaves before the new one enters
-- (SQLite gives no order between two triggers on the same event).
CREATE TRIGGER archive_texts_fts_update AFTER UPDATE ON archive_texts
  WHEN (old.status = 'INDEXED' OR new.status = 'INDEXED') AND EXISTS (SELECT 1 FROM archives WHERE id = new.archive_id AND deleted_at IS NULL) BEGIN
  INSERT INTO archive_texts_fts (archive_texts_fts, rowid, body) SELECT 'delete', old.archive_id, old.body WHERE old.status = 'INDEXED';
  INSERT INTO archive_texts_fts (rowid, body) SELECT new.archive_id, new.body WHERE new.status = 'INDEXED';
END;
CREATE TRIGGER archive_texts_fts_delete AFTER DELETE ON archive_texts
  WHEN old.status = 'INDEXED' AND EXISTS (SELECT 1 FROM archives WHERE id = old.archive_id AND deleted_at IS NULL) BEGIN
  INSERT INTO archive_texts_fts (archive_texts_fts, rowid, body) VALUES ('delete', old.archive_id, old.body);
END;
-- The document's side: the trash, a restore, a purge. BEFORE DELETE, because the purge's cascade
-- removes the archive_texts row before an AFTER trigger could read the text it must name.
CREATE TRIGGER archive_texts_fts_trash AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
  INSERT INTO archive_texts_fts (archive_texts_fts, rowid, body)
    SELECT 'delete', archive_id, body FROM archive_texts WHERE archive_id = old.id AND status = 'INDEXED';
END;
CREATE TRIGGER archive_texts_fts_restore AFTER UPDATE OF deleted_at ON archives
  WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL BEGIN
  INSERT INTO archive_texts_fts (rowid, body)
    SELECT archive_id, body FROM archive_texts WHERE archive_id = new.id AND status = 'INDEXED';
END;
CREATE TRIGGER archive_texts_fts_purge BEFORE DELETE ON archives
  WHEN old.deleted_at IS NULL BEGIN
  INSERT INTO archive_texts_fts (archive_texts_fts, rowid, body)
    SELECT 'delete', archive_id, body FROM archive_texts WHERE archive_id = old.id AND status = 'INDEXED';
END;

-- The public pages are edge-cached under site_state.public_version (0001): a PUBLIC document's
-- text entering or leaving the index changes what /documents?q= finds, so it bumps the version.
CREATE TRIGGER public_version_text_insert AFTER INSERT ON archive_texts
  WHEN new.status = 'INDEXED' AND EXISTS (SELECT 1 FROM archives WHERE id = new.archive_id AND access_level = 'PUBLIC') BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_text_update AFTER UPDATE ON archive_texts
  WHEN (old.status = 'INDEXED' OR new.status = 'INDEXED') AND EXISTS (SELECT 1 FROM archives WHERE id = new.archive_id AND access_level = 'PUBLIC') BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;

-- Texts already indexed before this migration.
INSERT INTO archive_texts_fts (rowid, body)
  SELECT t.archive_id, t.body FROM archive_texts t JOIN archives a ON a.id = t.archive_id
   WHERE t.status = 'INDEXED' AND a.deleted_at IS NULL;

-- The index holds only some rows of its content: a restore refills it with this (see 0014).
INSERT INTO fts_refill (fts_table, refill) VALUES (
  'archive_texts_fts',
  'INSERT INTO archive_texts_fts (rowid, body) SELECT t.archive_id, t.body FROM archive_texts t JOIN archives a ON a.id = t.archive_id WHERE t.status = ''INDEXED'' AND a.deleted_at IS NULL'
);

-- Every word of the indexed texts (as FTS5's unicode61 folds it: lower case, no diacritics) and
-- its Indonesian stem. Only grows: a word whose documents are gone expands a query to a term that
-- matches nothing, which costs little.
CREATE TABLE search_terms (
  term TEXT PRIMARY KEY,
  stem TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX search_terms_stem ON search_terms (stem, term);
