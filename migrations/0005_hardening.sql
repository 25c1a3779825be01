-- Sign-in throttling counts every attempt before the password is checked, per (username, IP)
-- and per IP, with a lock that doubles each time a key is locked again within a day. The
-- username-only keys of 0001 let anyone lock any account from anywhere: they are dropped.
ALTER TABLE login_throttle ADD COLUMN lock_count INTEGER NOT NULL DEFAULT 0;
DELETE FROM login_throttle WHERE key LIKE 'user:%';

-- The R2 multipart upload of a file still being written, so a request that dies half way (or a
-- refused file) has its upload aborted, here or by the scheduled sweep, instead of left open.
ALTER TABLE pending_uploads ADD COLUMN upload_id TEXT;

-- Bytes stored per owning work unit, kept by triggers, so the storage quota is checked without
-- summing the catalogue.
CREATE TABLE unit_storage (
  unit_kerja_id INTEGER PRIMARY KEY REFERENCES unit_kerja (id) ON DELETE CASCADE,
  bytes         INTEGER NOT NULL DEFAULT 0
);
INSERT INTO unit_storage (unit_kerja_id, bytes)
  SELECT unit_kerja_id, SUM(file_size) FROM archives WHERE unit_kerja_id IS NOT NULL GROUP BY unit_kerja_id;
CREATE TRIGGER unit_storage_insert AFTER INSERT ON archives WHEN new.unit_kerja_id IS NOT NULL BEGIN
  INSERT INTO unit_storage (unit_kerja_id, bytes) VALUES (new.unit_kerja_id, new.file_size)
  ON CONFLICT (unit_kerja_id) DO UPDATE SET bytes = bytes + new.file_size;
END;
CREATE TRIGGER unit_storage_delete AFTER DELETE ON archives WHEN old.unit_kerja_id IS NOT NULL BEGIN
  UPDATE unit_storage SET bytes = bytes - old.file_size WHERE unit_kerja_id = old.unit_kerja_id;
END;
CREATE TRIGGER unit_storage_update AFTER UPDATE OF file_size, unit_kerja_id ON archives BEGIN
  UPDATE unit_storage SET bytes = bytes - old.file_size WHERE unit_kerja_id = old.unit_kerja_id;
  INSERT INTO unit_storage (unit_kerja_id, bytes) SELECT new.unit_kerja_id, new.file_size WHERE new.unit_kerja_id IS NOT NULL
  ON CONFLICT (unit_kerja_id) DO UPDATE SET bytes = bytes + new.file_size;
END;

-- Fixed-window counters for per-user limits (uploads), counted atomically before the work.
CREATE TABLE rate_limits (
  key          TEXT PRIMARY KEY,
  count        INTEGER NOT NULL,
  window_start TEXT NOT NULL
) WITHOUT ROWID;
