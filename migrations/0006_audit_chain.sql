-- Tamper-evident audit log: a hash chain over audit_logs in id order.
--
-- hash      = SHA-256 of the row's canonical content together with prev_hash (computed in the
--             Worker: D1 has no SHA-256 function), written by the sealer after the row exists.
-- prev_hash = the hash of the row before it in id order (64 zeros for the first row).
-- A row without hash is not sealed yet; sealed rows always form a prefix of the table in id
-- order, because the sealer takes rows in id order and seals a run of them in one batch.

ALTER TABLE audit_logs ADD COLUMN hash TEXT;
ALTER TABLE audit_logs ADD COLUMN prev_hash TEXT;

-- Who acted, as written. actor_id loses its value when the user is deleted (ON DELETE SET
-- NULL), so the hash covers these snapshots instead: the username (kept for display after the
-- user is gone) and the user id (no foreign key: never changes). actor_id may only ever be
-- this id or NULL, which the verification checks.
ALTER TABLE audit_logs ADD COLUMN actor_username TEXT;
ALTER TABLE audit_logs ADD COLUMN actor_ref INTEGER;

-- Filled for every writer (service batches, set-based inserts, triggers, scripts), in the
-- statement that inserts the row, so no writer has to know about it.
CREATE TRIGGER audit_logs_actor_snapshot AFTER INSERT ON audit_logs WHEN new.actor_id IS NOT NULL BEGIN
  UPDATE audit_logs
     SET actor_ref = new.actor_id,
         actor_username = (SELECT username FROM users WHERE id = new.actor_id)
   WHERE id = new.id;
END;
UPDATE audit_logs
   SET actor_ref = actor_id, actor_username = (SELECT username FROM users WHERE users.id = audit_logs.actor_id)
 WHERE actor_id IS NOT NULL;

-- One successor per row: two different rows can never claim the same predecessor, so the
-- chain cannot fork whatever sealers race. (NULLs, i.e. unsealed rows, do not collide.)
CREATE UNIQUE INDEX audit_logs_prev_hash ON audit_logs (prev_hash);
-- The sealer's two look-ups: the last sealed row, and the first unsealed ones.
CREATE INDEX audit_logs_sealed ON audit_logs (id) WHERE hash IS NOT NULL;
CREATE INDEX audit_logs_unsealed ON audit_logs (id) WHERE hash IS NULL;

-- The newest sealed row as the sealer last recorded it. It only moves forward, and only while
-- the row it names is still there unchanged, so deleting the newest rows (which a chain alone
-- cannot show: what remains is still a valid chain) leaves it pointing at a row that is gone.
CREATE TABLE audit_chain_head (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  last_id   INTEGER NOT NULL,
  last_hash TEXT NOT NULL,
  sealed_at TEXT NOT NULL
);
INSERT INTO audit_chain_head (id, last_id, last_hash, sealed_at)
VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
