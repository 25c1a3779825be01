-- The Super Admin dashboard's retention cards (documents per retention status, and the records
-- destroyed) kept by triggers, as archive_counts keeps the category cards: the page read them by
-- counting every live document's retention_states row and every tombstone on each view, which
-- grows with the catalogue (100,000 rows at 100k documents). One row per status, plus
-- DIMUSNAHKAN for tombstones of reason DESTROYED.
CREATE TABLE retention_counts (
  status TEXT PRIMARY KEY,
  total  INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

INSERT INTO retention_counts (status, total) SELECT status, COUNT(*) FROM retention_states GROUP BY status;
INSERT INTO retention_counts (status, total) SELECT 'DIMUSNAHKAN', COUNT(*) FROM archive_tombstones WHERE reason = 'DESTROYED';

CREATE TRIGGER retention_counts_insert AFTER INSERT ON retention_states BEGIN
  INSERT INTO retention_counts (status, total) VALUES (new.status, 1)
  ON CONFLICT (status) DO UPDATE SET total = total + 1;
END;
-- The refresh rewrites every row daily (an upsert runs its UPDATE): only a changed status moves a count.
CREATE TRIGGER retention_counts_update AFTER UPDATE OF status ON retention_states WHEN old.status <> new.status BEGIN
  UPDATE retention_counts SET total = total - 1 WHERE status = old.status;
  INSERT INTO retention_counts (status, total) VALUES (new.status, 1)
  ON CONFLICT (status) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER retention_counts_delete AFTER DELETE ON retention_states BEGIN
  UPDATE retention_counts SET total = total - 1 WHERE status = old.status;
END;
CREATE TRIGGER retention_counts_destroyed AFTER INSERT ON archive_tombstones WHEN new.reason = 'DESTROYED' BEGIN
  INSERT INTO retention_counts (status, total) VALUES ('DIMUSNAHKAN', 1)
  ON CONFLICT (status) DO UPDATE SET total = total + 1;
END;
