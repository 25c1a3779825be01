-- The PPID desk: public information requests on the legal clock of UU 14/2008 (Keterbukaan
-- Informasi Publik) and PerKI 1/2021 (Standar Layanan Informasi Publik). Forward-only; nothing
-- existing changes meaning: every user starts without a PPID role.

-- A user designated by Super Admin as PPID officer (PETUGAS: registers, processes, answers) or
-- as the atasan PPID (ATASAN: answers objections). Not a SPEC role: a flag beside it.
ALTER TABLE users ADD COLUMN ppid_role TEXT CHECK (ppid_role IN ('PETUGAS', 'ATASAN'));

-- The cuti bersama days Super Admin enters per year (national holidays come from the code).
CREATE TABLE ppid_leave_days (
  date        TEXT PRIMARY KEY CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  note        TEXT NOT NULL,
  created_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at  TEXT NOT NULL
) WITHOUT ROWID;

-- Gapless register numbers per series and year: the counter moves in the same batch as the row
-- that takes its number, so a batch that fails leaves no gap and two batches never share one.
CREATE TABLE ppid_counters (
  series  TEXT NOT NULL CHECK (series IN ('PERMOHONAN', 'KEBERATAN')),
  year    INTEGER NOT NULL,
  last    INTEGER NOT NULL,
  PRIMARY KEY (series, year)
) WITHOUT ROWID;

-- Uji konsekuensi: one record per exemption, signed off by a named officer. Their list is the
-- Daftar Informasi yang Dikecualikan (DIK). Never edited; a new test replaces an old one.
CREATE TABLE ppid_consequence_tests (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid          TEXT NOT NULL UNIQUE,
  information   TEXT NOT NULL,
  legal_basis   TEXT NOT NULL,
  consequences  TEXT NOT NULL,
  valid_until   TEXT NOT NULL,
  signed_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
  signed_name   TEXT NOT NULL,
  created_at    TEXT NOT NULL
);

-- A request for public information. Submitted online it waits for its email confirmation
-- (MENUNGGU_KONFIRMASI: no number, never in the register); confirmed, or recorded by an officer
-- ('Catat Permohonan'), it is registered with its number and due date at once. `secret_seed`
-- keys the confirmation link and the status code (HMAC with the server's secret): only the hash
-- of the link's token is looked up. The requester's name and contact are purged after the
-- retention period (`personal_purged_at`); the register keeps the rest.
CREATE TABLE ppid_requests (
  id                   INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid                 TEXT NOT NULL UNIQUE,
  registration_number  TEXT UNIQUE,
  year                 INTEGER,
  seq                  INTEGER,
  status               TEXT NOT NULL CHECK (status IN ('MENUNGGU_KONFIRMASI', 'DITERIMA', 'DIPROSES', 'DIPERPANJANG', 'DIJAWAB', 'SELESAI')),
  channel              TEXT NOT NULL CHECK (channel IN ('ONLINE', 'LANGSUNG', 'SURAT', 'TELEPON', 'EMAIL')),
  requester_name       TEXT NOT NULL,
  email                TEXT,
  phone                TEXT,
  address              TEXT,
  information          TEXT NOT NULL,
  purpose              TEXT NOT NULL,
  format               TEXT NOT NULL,
  delivery             TEXT NOT NULL,
  secret_seed          TEXT NOT NULL,
  confirm_token_hash   TEXT UNIQUE,
  confirm_expires_at   TEXT,
  submitted_at         TEXT NOT NULL,
  recorded_by          INTEGER REFERENCES users (id) ON DELETE SET NULL,
  received_at          TEXT,
  received_on          TEXT,
  due_date             TEXT,
  extended_due_date    TEXT,
  extension_reason     TEXT,
  extended_at          TEXT,
  extended_by          INTEGER REFERENCES users (id) ON DELETE SET NULL,
  processed_at         TEXT,
  processed_by         INTEGER REFERENCES users (id) ON DELETE SET NULL,
  answered_at          TEXT,
  answered_on          TEXT,
  answered_by          INTEGER REFERENCES users (id) ON DELETE SET NULL,
  outcome              TEXT CHECK (outcome IN ('DIBERIKAN', 'DIBERIKAN_SEBAGIAN', 'DITOLAK', 'TIDAK_DIKUASAI')),
  answer_message       TEXT,
  withheld             TEXT,
  holder               TEXT,
  exemption_ground     TEXT CHECK (exemption_ground IN ('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j')),
  consequence_test_id  INTEGER REFERENCES ppid_consequence_tests (id),
  closed_at            TEXT,
  reminded_due_3       TEXT,
  reminded_due_1       TEXT,
  personal_purged_at   TEXT,
  CHECK (status = 'MENUNGGU_KONFIRMASI' OR (registration_number IS NOT NULL AND due_date IS NOT NULL)),
  CHECK (status <> 'DIJAWAB' OR (outcome IS NOT NULL AND answered_on IS NOT NULL)),
  -- A refusal, whole or in part, rests on a Pasal 17 ground and the consequence test behind it.
  CHECK (outcome NOT IN ('DITOLAK', 'DIBERIKAN_SEBAGIAN') OR (exemption_ground IS NOT NULL AND consequence_test_id IS NOT NULL))
);
CREATE UNIQUE INDEX ppid_requests_number ON ppid_requests (year, seq) WHERE seq IS NOT NULL;
CREATE INDEX ppid_requests_register ON ppid_requests (received_at DESC, id DESC) WHERE registration_number IS NOT NULL;
CREATE INDEX ppid_requests_open ON ppid_requests (status, due_date) WHERE status IN ('DITERIMA', 'DIPROSES', 'DIPERPANJANG');
CREATE INDEX ppid_requests_unconfirmed ON ppid_requests (submitted_at) WHERE status = 'MENUNGGU_KONFIRMASI';
CREATE INDEX ppid_requests_answered ON ppid_requests (answered_on) WHERE status = 'DIJAWAB';

-- What an answer names: a PUBLIC document by reference, or a document's file released for this
-- request only (the version named when answering), downloadable through a link that expires.
CREATE TABLE ppid_answer_files (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid             TEXT NOT NULL UNIQUE,
  request_id       INTEGER NOT NULL REFERENCES ppid_requests (id),
  archive_id       INTEGER NOT NULL REFERENCES archives (id),
  kind             TEXT NOT NULL CHECK (kind IN ('PUBLIK', 'RILIS')),
  archive_file_id  INTEGER REFERENCES archive_files (id),
  title            TEXT NOT NULL,
  token_seed       TEXT,
  expires_at       TEXT,
  download_count   INTEGER NOT NULL DEFAULT 0,
  created_at       TEXT NOT NULL,
  CHECK (kind = 'PUBLIK' OR (archive_file_id IS NOT NULL AND token_seed IS NOT NULL AND expires_at IS NOT NULL)),
  UNIQUE (request_id, archive_id)
);

-- An objection (keberatan) to the atasan PPID, one per request, with its own register number.
CREATE TABLE ppid_objections (
  id                     INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid                   TEXT NOT NULL UNIQUE,
  request_id             INTEGER NOT NULL UNIQUE REFERENCES ppid_requests (id),
  registration_number    TEXT NOT NULL UNIQUE,
  year                   INTEGER NOT NULL,
  seq                    INTEGER NOT NULL,
  ground                 TEXT NOT NULL CHECK (ground IN ('a', 'b', 'c', 'd', 'e', 'f', 'g')),
  reason                 TEXT NOT NULL,
  status                 TEXT NOT NULL CHECK (status IN ('KEBERATAN', 'DITANGGAPI', 'SENGKETA', 'SELESAI')),
  received_at            TEXT NOT NULL,
  received_on            TEXT NOT NULL,
  due_date               TEXT NOT NULL,
  response               TEXT,
  responded_at           TEXT,
  responded_on           TEXT,
  responded_by           INTEGER REFERENCES users (id) ON DELETE SET NULL,
  dispute_registered_on  TEXT,
  dispute_number         TEXT,
  dispute_decided_on     TEXT,
  dispute_decision       TEXT,
  closed_at              TEXT,
  reminded_due_3         TEXT,
  reminded_due_1         TEXT,
  UNIQUE (year, seq)
);
CREATE INDEX ppid_objections_register ON ppid_objections (received_at DESC, id DESC);
CREATE INDEX ppid_objections_open ON ppid_objections (status, due_date) WHERE status = 'KEBERATAN';

-- Entries the PPID adds by hand to the Daftar Informasi Publik (beside the catalogue's PUBLIC records).
CREATE TABLE ppid_dip_entries (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid         TEXT NOT NULL UNIQUE,
  title        TEXT NOT NULL,
  summary      TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('BERKALA', 'SERTA_MERTA', 'SETIAP_SAAT')),
  holder       TEXT NOT NULL,
  responsible  TEXT NOT NULL,
  made_in      TEXT NOT NULL,
  format       TEXT NOT NULL,
  retention    TEXT NOT NULL,
  created_by   INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at   TEXT NOT NULL
);

-- The DIP (and the DIK beside it) is an edge-cached public page: what it shows moves the public
-- version, as every other change visitors could see does (the catalogue's PUBLIC records, units,
-- categories already do). A code's retention (JRA column) moves it too.
CREATE TRIGGER public_version_dip_insert AFTER INSERT ON ppid_dip_entries BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_dip_delete AFTER DELETE ON ppid_dip_entries BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_dik_insert AFTER INSERT ON ppid_consequence_tests BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_code_retention AFTER UPDATE OF retention_active_years, retention_inactive_years, final_disposition, name ON classification_codes BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
CREATE TRIGGER public_version_unit_official AFTER UPDATE OF nama_pejabat ON unit_kerja WHEN old.nama_pejabat IS NOT new.nama_pejabat BEGIN
  UPDATE site_state SET value = value + 1 WHERE key = 'public_version';
END;
