-- Which stemmer's stems search_terms holds (issue 32). The stemmer gained a root dictionary, so
-- the stems written before (Tala's rules and the project's own root list, issue 19) differ from
-- what a query word now stems to. The stored vocabulary is re-stemmed in batches by the 30-minute
-- cron (a term's stem recomputed from the term; no file is read again), resuming after the last
-- term it did; when it reaches the end, `version` becomes the running stemmer's.
--
-- One row. `version`: the stemmer every stem in search_terms comes from. `restem_version` and
-- `restem_after`: a re-stem under way, to which stemmer, and the last term done (NULL: none yet).
-- An upgraded database starts at 'tala-1', the stemmer of issue 19; a new one too (its empty
-- vocabulary is "re-stemmed" by the first cron run).
CREATE TABLE search_stemmer (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version TEXT NOT NULL,
  restem_version TEXT,
  restem_after TEXT
) WITHOUT ROWID;
INSERT INTO search_stemmer (id, version) VALUES (1, 'tala-1');
