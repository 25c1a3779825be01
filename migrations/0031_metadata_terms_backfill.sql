-- The search vocabulary (search_terms) gained the words of each document's metadata when it is
-- written (title, number, keywords, description), so that a prefix of a title word expands to
-- it. Documents written before that have only their texts' words there. This cursor lets the
-- 30-minute cron add the metadata words of every existing document in batches, in id order,
-- resuming after the last id done; NULL once it has reached the end. Idempotent (the terms are
-- INSERT OR IGNORE), so a new database's run over its few documents changes nothing.
ALTER TABLE search_stemmer ADD COLUMN metadata_terms_after INTEGER DEFAULT 0;
