-- Access requests: revocation, a download counter, a re-derivable token, one open request per
-- requester and document, and indexes for the list, the badge count and the expiry sweep.
-- SQLite cannot change a CHECK constraint in place, so the table is rebuilt and its rows copied.

CREATE TABLE access_requests_next (
  id                  INTEGER PRIMARY KEY,
  uuid                TEXT NOT NULL UNIQUE,
  archive_id          INTEGER NOT NULL REFERENCES archives (id) ON DELETE CASCADE,
  requester_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The document's owning unit when the request was made: who may answer it.
  owner_unit_kerja_id INTEGER REFERENCES unit_kerja (id),
  -- PENDING -> APPROVED | REJECTED; APPROVED -> EXPIRED (24 h after approval) | REVOKED.
  status              TEXT NOT NULL DEFAULT 'PENDING'
                      CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'REVOKED')),
  request_message     TEXT NOT NULL,
  response_message    TEXT,
  responder_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- SHA-256 of the download token, for the look-up at download time. The token itself is never
  -- stored: it is an HMAC under the server secret of token_seed (256 random bits), so the
  -- requester's list can show it again while a copy of this table alone cannot forge it.
  -- Both are cleared when the approval ends (expiry, revocation), which kills the token.
  token_hash          TEXT UNIQUE,
  token_seed          TEXT,
  download_count      INTEGER NOT NULL DEFAULT 0,
  last_downloaded_at  TEXT,
  created_at          TEXT NOT NULL,
  responded_at        TEXT,
  expires_at          TEXT,
  revoked_at          TEXT,
  revoked_by          INTEGER REFERENCES users (id) ON DELETE SET NULL
);

-- Rows from before this migration carry no seed: their tokens could never be shown again, so an
-- approval without one keeps its status but gets no token. Of several open requests for one
-- requester and document only the newest stays open (the unique index below allows one).
INSERT INTO access_requests_next (
  id, uuid, archive_id, requester_id, owner_unit_kerja_id, status, request_message, response_message,
  responder_id, token_hash, token_seed, created_at, responded_at, expires_at
)
SELECT
  r.id, r.uuid, r.archive_id, r.requester_id, r.owner_unit_kerja_id,
  CASE
    WHEN r.status IN ('PENDING', 'APPROVED') AND EXISTS (
      SELECT 1 FROM access_requests newer
      WHERE newer.requester_id = r.requester_id AND newer.archive_id = r.archive_id
        AND newer.status IN ('PENDING', 'APPROVED') AND newer.id > r.id
    ) THEN 'EXPIRED'
    ELSE r.status
  END,
  r.request_message, r.response_message, r.responder_id, r.token_hash, NULL, r.created_at, r.responded_at, r.expires_at
FROM access_requests r;

DROP TABLE access_requests;
ALTER TABLE access_requests_next RENAME TO access_requests;

-- One open request per requester and document. "Open" is PENDING or APPROVED: an approval whose
-- 24 hours have passed still holds the slot until it is marked EXPIRED, which the service does
-- in the same batch as a new request (and the scheduled job every 30 minutes).
CREATE UNIQUE INDEX access_requests_one_open ON access_requests (requester_id, archive_id)
  WHERE status IN ('PENDING', 'APPROVED');
-- List: the requests a user made, and the requests addressed to a unit, newest first.
CREATE INDEX access_requests_requester ON access_requests (requester_id, created_at DESC, id DESC);
CREATE INDEX access_requests_owner ON access_requests (owner_unit_kerja_id, created_at DESC, id DESC);
-- Sidebar badge: PENDING requests addressed to a unit.
CREATE INDEX access_requests_owner_pending ON access_requests (owner_unit_kerja_id) WHERE status = 'PENDING';
-- Cascade on document delete, and the access-level trigger below.
CREATE INDEX access_requests_archive ON access_requests (archive_id, status);
-- Expiry sweep: APPROVED rows by expiry time.
CREATE INDEX access_requests_expiry ON access_requests (status, expires_at);

-- A token is issued for the access level the document had when it was approved. When the level
-- changes (to PUBLIC, where no token is needed, or back to PRIVATE), every live approval of the
-- document is revoked and its token killed, with one audit row each. Done here so that no
-- document write path can forget it.
CREATE TRIGGER access_requests_revoke_on_access_change AFTER UPDATE OF access_level ON archives
  WHEN old.access_level <> new.access_level BEGIN
  INSERT INTO audit_logs (created_at, action, message, details, actor_id, target_type, target_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'ACCESS_REQUEST_REVOKE',
         'Izin unduhan dokumen "' || new.title || '" dicabut otomatis karena tingkat akses dokumen berubah',
         json_object('reason', 'access_level_changed', 'from', old.access_level, 'to', new.access_level,
                     'tokenHashPrefix', substr(r.token_hash, 1, 12)),
         NULL, 'access_request', r.uuid
  FROM access_requests r WHERE r.archive_id = new.id AND r.status = 'APPROVED';
  UPDATE access_requests
     SET status = 'REVOKED', token_hash = NULL, token_seed = NULL,
         revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), revoked_by = NULL
   WHERE archive_id = new.id AND status = 'APPROVED';
END;
