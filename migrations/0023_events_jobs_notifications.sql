-- Work that happens on its own: events written with each change (an outbox), jobs as records,
-- notifications in the app and by email. Forward-only; nothing existing changes meaning.

-- The outbox. `commit` (the one audit writer) writes one row per audit row and per explicit
-- event step, in the same D1 batch as the change, so a failed change leaves none and no event is
-- lost. The dispatcher hands each event, in id order, to the subscribers declared for its kind
-- and advances `site_state.events_dispatched` in the same batch as their writes (exactly once).
-- An event whose subscribers keep failing is recorded (error, attempts) and skipped, never lost:
-- it also shows as a failed job.
CREATE TABLE events (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  kind          TEXT NOT NULL,
  subject_type  TEXT,
  subject_id    TEXT,
  -- A user, or a job's system actor (`actor_system`), or neither (a visitor).
  actor_id      INTEGER,
  actor_system  TEXT,
  payload       TEXT,
  created_at    TEXT NOT NULL,
  attempts      INTEGER NOT NULL DEFAULT 0,
  error         TEXT
);
CREATE INDEX events_created ON events (created_at);
INSERT INTO site_state (key, value) VALUES ('events_dispatched', 0);

-- Jobs: everything longer than a request, as a row. A job acts for a user (`actor_user_id`: the
-- policy applies as for them) or as a system job (`actor_system`). It runs in slices under a
-- lease: each slice commits its work together with the new cursor (compare-and-set on the lease
-- token), so a job killed at any point resumes from its last committed cursor and no step runs
-- twice. `singleton_key` keeps at most one live job per key (e.g. one retention refresh).
CREATE TABLE jobs (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid           TEXT NOT NULL UNIQUE,
  kind           TEXT NOT NULL,
  actor_user_id  INTEGER REFERENCES users (id) ON DELETE SET NULL,
  actor_system   TEXT,
  status         TEXT NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')),
  params         TEXT NOT NULL DEFAULT '{}',
  cursor         TEXT,
  progress       INTEGER NOT NULL DEFAULT 0,
  total          INTEGER,
  counts         TEXT NOT NULL DEFAULT '{}',
  error          TEXT,
  attempts       INTEGER NOT NULL DEFAULT 0,
  lease_token    TEXT,
  lease_until    TEXT,
  run_after      TEXT,
  singleton_key  TEXT,
  created_at     TEXT NOT NULL,
  started_at     TEXT,
  finished_at    TEXT,
  updated_at     TEXT NOT NULL,
  CHECK ((actor_user_id IS NULL) OR (actor_system IS NULL))
);
CREATE UNIQUE INDEX jobs_singleton ON jobs (singleton_key) WHERE status IN ('QUEUED', 'RUNNING') AND singleton_key IS NOT NULL;
CREATE INDEX jobs_recent ON jobs (created_at DESC, id DESC);
CREATE INDEX jobs_by_actor ON jobs (actor_user_id, created_at DESC, id DESC);
CREATE INDEX jobs_waiting ON jobs (status, run_after) WHERE status IN ('QUEUED', 'RUNNING');

-- A job's per-item report (a bulk edit's "changed / skipped with the reason", an import's lines).
CREATE TABLE job_items (
  job_id    INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  position  INTEGER NOT NULL,
  subject   TEXT NOT NULL,
  label     TEXT,
  outcome   TEXT NOT NULL,
  reason    TEXT,
  PRIMARY KEY (job_id, position)
);

-- In-app notifications, composed for their recipient (through the policy) by the dispatcher.
-- `dedupe_key` makes delivery idempotent (an event delivered twice notifies once).
-- email_status: NONE (in-app only), PENDING (an email is queued), DIGEST (waits for the daily
-- digest), SENT, SKIPPED (no address, or mail not configured), FAILED.
CREATE TABLE notifications (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid          TEXT NOT NULL UNIQUE,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind          TEXT NOT NULL,
  title         TEXT NOT NULL,
  body          TEXT NOT NULL,
  link          TEXT NOT NULL,
  dedupe_key    TEXT NOT NULL UNIQUE,
  event_id      INTEGER,
  created_at    TEXT NOT NULL,
  read_at       TEXT,
  email_status  TEXT NOT NULL DEFAULT 'NONE' CHECK (email_status IN ('NONE', 'PENDING', 'DIGEST', 'SENT', 'SKIPPED', 'FAILED')),
  email_id      INTEGER
);
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id, id) WHERE read_at IS NULL;
CREATE INDEX notifications_digest ON notifications (email_status, user_id) WHERE email_status = 'DIGEST';

-- Per user and kind: how the email goes (in-app is always on). No row = the kind's default.
CREATE TABLE notification_preferences (
  user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind     TEXT NOT NULL,
  email    TEXT NOT NULL CHECK (email IN ('IMMEDIATE', 'DIGEST', 'OFF')),
  PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;

-- Email to send (and sent), written in the batch that creates its notification(s) and handed to
-- the `send_email` binding by the queue consumer, so a burst never blocks a request. Bodies are
-- dropped some days after sending; address, subject and outcome stay.
CREATE TABLE email_messages (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
  to_address  TEXT NOT NULL,
  subject     TEXT NOT NULL,
  text_body   TEXT NOT NULL,
  html_body   TEXT NOT NULL,
  dedupe_key  TEXT NOT NULL UNIQUE,
  status      TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
  attempts    INTEGER NOT NULL DEFAULT 0,
  message_id  TEXT,
  error       TEXT,
  created_at  TEXT NOT NULL,
  sent_at     TEXT
);
CREATE INDEX email_messages_pending ON email_messages (status, created_at) WHERE status = 'PENDING';

-- The access-request reminder "your token lapses in 2 hours" is sent once per approval.
ALTER TABLE access_requests ADD COLUMN expiry_reminded_at TEXT;
CREATE INDEX access_requests_live_tokens ON access_requests (expires_at) WHERE status = 'APPROVED' AND expiry_reminded_at IS NULL;

-- The retention clock, incremental: each live document's due dates are stored when they change
-- (retention_states, 0021), and the daily job moves only the rows whose boundary has passed,
-- by these indexes, however many documents there are. `status_since` is the day a row entered
-- its status (the weekly "newly due" digest reads it).
ALTER TABLE retention_states ADD COLUMN status_since TEXT;
CREATE INDEX retention_states_active_boundary ON retention_states (active_until) WHERE status = 'AKTIF';
CREATE INDEX retention_states_inactive_boundary ON retention_states (inactive_until) WHERE status IN ('AKTIF', 'INAKTIF');
CREATE INDEX retention_states_newly_due ON retention_states (status_since, disposition) WHERE status = 'JATUH_TEMPO';
-- When the clock's figures were last made whole (epoch milliseconds; 0 = never).
INSERT INTO site_state (key, value) VALUES ('retention_checked_at', 0);

-- Windows of events audited once per client (refusals, downloads): what a closed window saw is
-- recorded when it closes, by the maintenance job (count and the distinct paths, bounded), not
-- on the client's next refusal. The window keeps who it was about and until when it runs.
ALTER TABLE audit_windows ADD COLUMN action TEXT;
ALTER TABLE audit_windows ADD COLUMN ends_at TEXT;
ALTER TABLE audit_windows ADD COLUMN actor_id INTEGER;
ALTER TABLE audit_windows ADD COLUMN ip_address TEXT;
ALTER TABLE audit_windows ADD COLUMN user_agent TEXT;
ALTER TABLE audit_windows ADD COLUMN paths TEXT NOT NULL DEFAULT '[]';
ALTER TABLE audit_windows ADD COLUMN summarized_at TEXT;
CREATE INDEX audit_windows_to_summarize ON audit_windows (ends_at) WHERE repeats > 0 AND summarized_at IS NULL;
