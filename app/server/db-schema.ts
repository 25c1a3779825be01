import type { Generated } from "kysely";

/** Kysely row types for the migrations in migrations/. */
export interface Database {
  roles: { id: number; name: string };
  unit_kerja: {
    id: Generated<number>;
    nama: string;
    jenis: string;
    email: string | null;
    nama_pejabat: string | null;
    created_at: string;
    updated_at: string;
  };
  users: {
    id: Generated<number>;
    uuid: string;
    full_name: string;
    username: string;
    email: string | null;
    password_hash: string | null;
    password_salt: string | null;
    password_iterations: number | null;
    sso_subject: string | null;
    role_id: number;
    unit_kerja_id: number | null;
    created_at: string;
    updated_at: string;
  };
  categories: { id: Generated<number>; category_name: string };
  archives: {
    id: Generated<number>;
    uuid: string;
    title: string;
    document_number: string;
    year: number;
    description: string;
    keywords: string;
    access_level: "PRIVATE" | "PUBLIC";
    category_id: number;
    uploader_id: number;
    unit_kerja_id: number | null;
    r2_key: string;
    file_name: string;
    file_size: number;
    mime_type: string;
    sha256: string;
    idempotency_key: string | null;
    created_at: string;
    updated_at: string;
  };
  site_state: { key: string; value: number };
  pending_uploads: { r2_key: string; created_at: string; upload_id: string | null };
  /** FTS5 over archives (external content; rowid = archives.id). */
  archives_fts: { rowid: number; title: string; document_number: string; keywords: string; description: string };
  archive_counts: { category_id: number; access_level: string; total: number };
  access_requests: {
    id: Generated<number>;
    uuid: string;
    archive_id: number;
    requester_id: number;
    owner_unit_kerja_id: number | null;
    status: "PENDING" | "APPROVED" | "REJECTED" | "EXPIRED" | "REVOKED";
    request_message: string;
    response_message: string | null;
    responder_id: number | null;
    token_hash: string | null;
    token_seed: string | null;
    download_count: Generated<number>;
    last_downloaded_at: string | null;
    created_at: string;
    responded_at: string | null;
    expires_at: string | null;
    revoked_at: string | null;
    revoked_by: number | null;
  };
  audit_logs: {
    id: Generated<number>;
    created_at: string;
    action: string;
    message: string;
    details: string | null;
    actor_id: number | null;
    target_type: string | null;
    target_id: string | null;
    ip_address: string | null;
    user_agent: string | null;
    /** Hash chain (set by the sealer, never by a writer): see audit/chain.server.ts. */
    hash: Generated<string | null>;
    prev_hash: Generated<string | null>;
    /** The actor as written (filled by a trigger); the hash covers these, not actor_id. */
    actor_username: Generated<string | null>;
    actor_ref: Generated<number | null>;
  };
  audit_chain_head: { id: number; last_id: number; last_hash: string; sealed_at: string };
  sessions: {
    id_hash: string;
    user_id: number;
    csrf_token: string;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    revoked_at: string | null;
    ip_address: string | null;
    user_agent: string | null;
  };
  unit_storage: { unit_kerja_id: number; bytes: number };
  rate_limits: { key: string; count: number; window_start: string };
  /** Never holds a row: a conditional batch inserts a failing one to roll itself back. */
  write_guards: { ok: number };
  login_throttle: { key: string; failures: number; window_start: string; locked_until: string | null; lock_count: number };
}
