-- Hardening, round 2: tokens bound to the requester as they asked, and storage reserved before
-- an upload streams. Forward-only; every existing row is carried over.

-- ---- Download tokens follow the requester ------------------------------------------------------
-- The requester's role and unit when they asked. A token is only good while both still hold: a
-- demoted or moved requester cannot use an approval given to who they were. Existing requests
-- take the requester's current role and unit (the best this database knows).
ALTER TABLE access_requests ADD COLUMN requester_role TEXT;
ALTER TABLE access_requests ADD COLUMN requester_unit_kerja_id INTEGER;
UPDATE access_requests
   SET requester_role = (SELECT r.name FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = access_requests.requester_id),
       requester_unit_kerja_id = (SELECT u.unit_kerja_id FROM users u WHERE u.id = access_requests.requester_id);

-- ---- Storage reserved before an upload streams -------------------------------------------------
-- A staged upload holds room in its unit's quota from before its first byte: the staging row is
-- inserted with `reserved_bytes` by one statement that reads what the unit stores plus what other
-- uploads hold, so parallel uploads cannot together pass the quota. The row is deleted by the
-- batch that records the version (whose real size then counts in unit_storage) or by a failure.
ALTER TABLE file_staging ADD COLUMN unit_kerja_id INTEGER;
ALTER TABLE file_staging ADD COLUMN reserved_bytes INTEGER;
CREATE INDEX file_staging_reservations ON file_staging (unit_kerja_id, created_at) WHERE reserved_bytes IS NOT NULL;

-- Like write_guards: a batch that records a version inserts 0 here when the unit now stores more
-- than its quota, and the CHECK rolls the whole batch back. No row is ever stored.
CREATE TABLE quota_guards (
  ok INTEGER NOT NULL CONSTRAINT QUOTA_EXCEEDED CHECK (ok = 1)
);
