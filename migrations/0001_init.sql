-- E-Arsip initial schema. Timestamps are UTC ISO-8601 strings ('2026-11-22T06:30:00.000Z'),
-- which sort lexically in time order. D1 enforces foreign keys.

CREATE TABLE roles (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
INSERT INTO roles (id, name) VALUES (1, 'Super Admin'), (2, 'Satuan Kerja'), (3, 'Viewer');

CREATE TABLE unit_kerja (
  id           INTEGER PRIMARY KEY,
  nama         TEXT NOT NULL UNIQUE,
  jenis        TEXT NOT NULL DEFAULT '',
  email        TEXT,
  nama_pejabat TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX unit_kerja_updated_at ON unit_kerja (updated_at DESC, id DESC);

CREATE TABLE users (
  id                  INTEGER PRIMARY KEY,
  uuid                TEXT NOT NULL UNIQUE,
  full_name           TEXT NOT NULL,
  username            TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email               TEXT,
  -- PBKDF2-SHA256; the parameters are stored so they can be raised later per user.
  password_hash       TEXT,
  password_salt       TEXT,
  password_iterations INTEGER,
  -- Subject of the SSO identity, once the user has signed in through single sign-on.
  sso_subject         TEXT UNIQUE,
  role_id             INTEGER NOT NULL REFERENCES roles (id),
  unit_kerja_id       INTEGER REFERENCES unit_kerja (id) ON DELETE RESTRICT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
);
CREATE INDEX users_updated_at ON users (updated_at DESC, id DESC);
CREATE INDEX users_unit_kerja ON users (unit_kerja_id);

CREATE TABLE categories (
  id            INTEGER PRIMARY KEY,
  category_name TEXT NOT NULL UNIQUE
);

CREATE TABLE archives (
  id              INTEGER PRIMARY KEY,
  uuid            TEXT NOT NULL UNIQUE,
  title           TEXT NOT NULL,
  document_number TEXT NOT NULL,
  year            INTEGER NOT NULL,
  description     TEXT NOT NULL,
  keywords        TEXT NOT NULL,
  access_level    TEXT NOT NULL DEFAULT 'PRIVATE' CHECK (access_level IN ('PRIVATE', 'PUBLIC')),
  category_id     INTEGER NOT NULL REFERENCES categories (id),
  uploader_id     INTEGER NOT NULL REFERENCES users (id),
  -- The owning work unit: the uploader's unit at upload time (null for an admin without a unit).
  unit_kerja_id   INTEGER REFERENCES unit_kerja (id),
  r2_key          TEXT NOT NULL UNIQUE,
  file_name       TEXT NOT NULL,
  file_size       INTEGER NOT NULL,
  mime_type       TEXT NOT NULL,
  sha256          TEXT NOT NULL,
  -- Client-chosen key of the form submission that created the row: a double submit (or an API
  -- retry with the same Idempotency-Key) finds the first document instead of making a second.
  idempotency_key TEXT UNIQUE,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX archives_created ON archives (created_at DESC, id DESC);
CREATE INDEX archives_category_created ON archives (category_id, created_at DESC, id DESC);
CREATE INDEX archives_access_created ON archives (access_level, created_at DESC, id DESC);
CREATE INDEX archives_access_category_created ON archives (access_level, category_id, created_at DESC, id DESC);
CREATE INDEX archives_title ON archives (title, id);
CREATE INDEX archives_year ON archives (year, created_at, id);
CREATE INDEX archives_document_number ON archives (document_number, id);
CREATE INDEX archives_file_size ON archives (file_size, id);
CREATE INDEX archives_uploader ON archives (uploader_id);
CREATE INDEX archives_unit_kerja ON archives (unit_kerja_id);

-- Full-text search over the catalogue (external content: the text lives once, in archives).
CREATE VIRTUAL TABLE archives_fts USING fts5 (
  title, document_number, keywords, description,
  content = 'archives', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER archives_fts_insert AFTER INSERT ON archives BEGIN
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description);
END;
CREATE TRIGGER archives_fts_delete AFTER DELETE ON archives BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description);
END;
CREATE TRIGGER archives_fts_update AFTER UPDATE OF title, document_number, keywords, description ON archives BEGIN
  INSERT INTO archives_fts (archives_fts, rowid, title, document_number, keywords, description)
  VALUES ('delete', old.id, old.title, old.document_number, old.keywords, old.description);
  INSERT INTO archives_fts (rowid, title, document_number, keywords, description)
  VALUES (new.id, new.title, new.document_number, new.keywords, new.description);
END;

-- Document counts per category and access level, kept by triggers so that list totals and
-- dashboard statistics never COUNT(*) over the whole catalogue.
CREATE TABLE archive_counts (
  category_id  INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  access_level TEXT NOT NULL,
  total        INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, access_level)
) WITHOUT ROWID;
CREATE TRIGGER archive_counts_insert AFTER INSERT ON archives BEGIN
  INSERT INTO archive_counts (category_id, access_level, total) VALUES (new.category_id, new.access_level, 1)
  ON CONFLICT (category_id, access_level) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER archive_counts_delete AFTER DELETE ON archives BEGIN
  UPDATE archive_counts SET total = total - 1
  WHERE category_id = old.category_id AND access_level = old.access_level;
END;
CREATE TRIGGER archive_counts_update AFTER UPDATE OF category_id, access_level ON archives BEGIN
  UPDATE archive_counts SET total = total - 1
  WHERE category_id = old.category_id AND access_level = old.access_level;
  INSERT INTO archive_counts (category_id, access_level, total) VALUES (new.category_id, new.access_level, 1)
  ON CONFLICT (category_id, access_level) DO UPDATE SET total = total + 1;
END;

-- R2 objects being written. A row is added before an upload starts and removed in the same D1
-- batch that stores the document, so an object whose request died half way (R2 written, D1
-- not) is found and deleted by the scheduled worker: no object without its row.
CREATE TABLE pending_uploads (
  r2_key     TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX pending_uploads_created ON pending_uploads (created_at);

-- Bumped by triggers whenever what visitors can see changes; part of the edge-cache key of the
-- public pages, so a cached page is never served after the content it shows has changed.
CREATE TABLE site_state (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO site_state (key, value) VALUES ('public_version', 0);
CREATE TRIGGER public_version_archive_insert AFTER INSERT ON archives WHEN new.access_level = 'PUBLIC' BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_archive_update AFTER UPDATE ON archives
  WHEN new.access_level = 'PUBLIC' OR old.access_level = 'PUBLIC' BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_archive_delete AFTER DELETE ON archives WHEN old.access_level = 'PUBLIC' BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_category_insert AFTER INSERT ON categories BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_category_update AFTER UPDATE ON categories BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_category_delete AFTER DELETE ON categories BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;

CREATE TABLE access_requests (
  id                  INTEGER PRIMARY KEY,
  uuid                TEXT NOT NULL UNIQUE,
  archive_id          INTEGER NOT NULL REFERENCES archives (id) ON DELETE CASCADE,
  requester_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The document's owning unit when the request was made: who may answer it.
  owner_unit_kerja_id INTEGER REFERENCES unit_kerja (id),
  status              TEXT NOT NULL DEFAULT 'PENDING'
                      CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
  request_message     TEXT NOT NULL,
  response_message    TEXT,
  responder_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- SHA-256 of the download token; the token itself is shown once to the requester.
  token_hash          TEXT UNIQUE,
  created_at          TEXT NOT NULL,
  responded_at        TEXT,
  expires_at          TEXT
);
CREATE INDEX access_requests_requester ON access_requests (requester_id, created_at DESC);
CREATE INDEX access_requests_owner ON access_requests (owner_unit_kerja_id, created_at DESC);
CREATE INDEX access_requests_archive ON access_requests (archive_id, requester_id);
CREATE INDEX access_requests_expiry ON access_requests (status, expires_at);

CREATE TABLE audit_logs (
  id            INTEGER PRIMARY KEY,
  created_at    TEXT NOT NULL,
  action        TEXT NOT NULL,
  message       TEXT NOT NULL,
  details       TEXT,  -- JSON with anything beyond the message
  actor_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
  target_type   TEXT,
  target_id     TEXT,
  ip_address    TEXT,
  user_agent    TEXT
);
-- The log is read newest first by id (ids only grow), so paging is keyset on id: no
-- OFFSET scans and no COUNT(*) over the table.
CREATE INDEX audit_logs_actor ON audit_logs (actor_id, id DESC);
CREATE INDEX audit_logs_target ON audit_logs (target_type, target_id, id DESC);

CREATE TABLE sessions (
  -- SHA-256 of the random session id; the id itself lives only in the cookie.
  id_hash      TEXT PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token   TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  revoked_at   TEXT,
  ip_address   TEXT,
  user_agent   TEXT
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- Failed sign-in counters per username and per IP, for throttling.
CREATE TABLE login_throttle (
  key          TEXT PRIMARY KEY,   -- 'user:<username>' or 'ip:<address>'
  failures     INTEGER NOT NULL,
  window_start TEXT NOT NULL,
  locked_until TEXT
) WITHOUT ROWID;
