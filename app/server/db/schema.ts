import type { Generated } from "kysely";
import type { ApiTokenRevokeReason } from "~/domain/api-token-view";
import type { FixityOutcome } from "~/domain/fixity";

/** Kysely row types for the migrations in migrations/. */
export interface Database {
  roles: { id: number; name: string };
  unit_kerja: {
    id: Generated<number>;
    nama: string;
    jenis: string;
    email: string | null;
    nama_pejabat: string | null;
    /** 1 for the one records centre (unit kearsipan) that receives the others' inactive records. */
    is_records_centre: Generated<number>;
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
    /** Set while the account is deactivated ('Nonaktifkan'): it cannot sign in, its name stays. */
    deactivated_at: string | null;
    /** PPID designation beside the role (migration 0030). */
    ppid_role: "PETUGAS" | "ATASAN" | null;
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
    /** The current version (`archive_files.id`); the file columns above are its copy (trigger-kept). */
    current_file_id: number | null;
    current_version: Generated<number>;
    /** Its code in the classification scheme (klasifikasi arsip), if filed under one. */
    classification_id: number | null;
    /** SKKAAD class; BIASA exactly when access_level is PUBLIC (a trigger refuses anything else). */
    security_class: Generated<"BIASA" | "TERBATAS" | "RAHASIA" | "SANGAT_RAHASIA">;
    /** Set while the document is in the trash. */
    deleted_at: string | null;
    deleted_by: number | null;
    /** Retention clock start (ISO date); null = 31 December of `year`. */
    retention_start_date: string | null;
    /** A reappraisal's later due date (Dinilai Kembali). */
    retention_extended_until: string | null;
    /** A reappraisal's new final disposition, replacing the code's. */
    disposition_override: "MUSNAH" | "PERMANEN" | null;
    /** STATIS once handed over to the university archive: read-only, never destroyed. */
    archival_state: "STATIS" | null;
    /** The berkas it is filed in (null: unfiled); same unit and code as the berkas (trigger-kept). */
    berkas_id: Generated<number | null>;
    /** The records centre, once its berkas was moved there (pemindahan); null while at its unit. */
    custody_unit_id: Generated<number | null>;
    /** The import that created it (its rollback removes exactly these). */
    import_id: Generated<number | null>;
    /** 'Lokasi Simpan': where the paper or medium is kept (room, rack, box); null when not recorded. */
    physical_location: Generated<string | null>;
  };
  /** A berkas: the records of one matter under one code, of one unit (migration 0025). */
  berkas: {
    id: Generated<number>;
    number: string;
    title: string;
    classification_id: number;
    unit_kerja_id: number;
    development_level: Generated<"ASLI" | "SALINAN" | "TEMBUSAN" | "PETIKAN">;
    note: Generated<string>;
    custody_unit_id: number | null;
    location_box: string | null;
    location_rack: string | null;
    created_by: number | null;
    created_at: string;
    updated_at: string;
  };
  /** Pemindahan arsip inaktif: a unit's proposal, the records centre's decision, its Berita Acara. */
  transfers: {
    id: Generated<number>;
    uuid: string;
    number: string;
    unit_kerja_id: number;
    status: Generated<"DIUSULKAN" | "DITERIMA" | "DITOLAK">;
    note: Generated<string>;
    proposed_by: number | null;
    proposed_at: string;
    records_centre_id: number | null;
    decided_by: number | null;
    decided_at: string | null;
    decision_note: string | null;
    ba_uuid: string | null;
    ba_number: string | null;
    ba_issued_on: string | null;
    ba_place: string | null;
    ba_list_sha256: string | null;
    ba_r2_key: string | null;
    ba_pdf_sha256: string | null;
  };
  /** The berkas of a transfer as proposed, and where the records centre put them. */
  transfer_items: {
    transfer_id: number;
    position: number;
    berkas_id: number;
    berkas_number: string;
    classification_code: string;
    title: string;
    start_year: number | null;
    end_year: number | null;
    item_count: number;
    development_level: string;
    location_box: string | null;
    location_rack: string | null;
  };
  /** Arsip vital: the flag, its reason and review period. */
  vital_records: {
    archive_id: number;
    reason: string;
    review_months: number;
    review_due_on: string;
    flagged_by: number | null;
    flagged_at: string;
  };
  /** Second copies in the VITAL_FILES bucket (same key as in FILES) and their last check. */
  vital_copies: {
    r2_key: string;
    archive_id: number;
    sha256: string;
    file_size: number;
    copied_at: string;
    checked_at: string | null;
    status: Generated<"OK" | "MISMATCH" | "MISSING">;
    released_at: string | null;
  };
  /** 'Uji Pemulihan' restore drills (evidence). */
  vital_drills: {
    id: Generated<number>;
    archive_id: number;
    archive_uuid: string;
    title: string;
    r2_key: string;
    outcome: "OK" | "MISMATCH" | "MISSING";
    expected_sha256: string;
    actual_sha256: string | null;
    bytes: number | null;
    duration_ms: number;
    drilled_by: number | null;
    drilled_at: string;
  };
  /** Text extracted from a document's current file (the extraction queue's consumer). */
  archive_texts: {
    archive_id: number;
    file_id: number;
    status: "PENDING" | "INDEXED" | "NO_TEXT" | "FAILED";
    /** The text, for rows indexed before migration 0027 only (until moved to R2); '' otherwise. */
    body: Generated<string>;
    /** The R2 object holding the INDEXED text (null before it is indexed, and for a text still in `body`). */
    text_key: Generated<string | null>;
    pages: number | null;
    truncated: Generated<number>;
    error: string | null;
    attempts: Generated<number>;
    queued_at: string;
    extracted_at: string | null;
  };
  /** Legal holds (penahanan) on a document or a classification code. */
  retention_holds: {
    id: Generated<number>;
    archive_id: number | null;
    classification_id: number | null;
    reason: string;
    created_by: number | null;
    created_at: string;
    released_at: string | null;
    released_by: number | null;
    release_reason: string | null;
  };
  /** The retention clock's result per live document (cron-refreshed). */
  retention_states: {
    archive_id: number;
    status: "AKTIF" | "INAKTIF" | "JATUH_TEMPO" | "DITAHAN" | "STATIS" | "TANPA_KODE";
    disposition: "MUSNAH" | "PERMANEN" | "DINILAI_KEMBALI" | null;
    active_until: string | null;
    inactive_until: string | null;
    unit_kerja_id: number | null;
    refreshed_at: string;
    /** The day the row entered its status (null: before migration 0023). */
    status_since: string | null;
  };
  /** Daftar Arsip Usul Musnah (MUSNAH) or Usul Serah (SERAH). */
  disposal_lists: {
    id: Generated<number>;
    uuid: string;
    kind: "MUSNAH" | "SERAH";
    number: string;
    status: Generated<"DRAFT" | "EXECUTING" | "EXECUTED">;
    note: Generated<string>;
    anri_letter_number: string | null;
    anri_letter_date: string | null;
    created_by: number | null;
    created_at: string;
    executed_by: number | null;
    executed_at: string | null;
  };
  /** A list's items: snapshots of the records as listed, the committee's decision, the outcome. */
  disposal_items: {
    list_id: number;
    position: number;
    archive_id: number;
    archive_uuid: string;
    unit_kerja_id: number | null;
    classification_code: string;
    title: string;
    document_number: string;
    year: number;
    file_count: number;
    retention_years: number;
    snapshot_sha256: string;
    decision: "SETUJUI" | "TUNDA" | null;
    decision_reason: string | null;
    decided_by: number | null;
    decided_at: string | null;
    outcome: "DONE" | "SKIPPED" | null;
    skip_reason: string | null;
  };
  /** The Berita Acara of an executed list (PDF in R2; public verification by uuid). */
  berita_acara: {
    id: Generated<number>;
    uuid: string;
    list_id: number;
    kind: "PEMUSNAHAN" | "PENYERAHAN";
    number: string;
    issued_on: string;
    place: string;
    item_count: number;
    list_sha256: string;
    r2_key: string;
    pdf_sha256: string;
    created_at: string;
  };
  /** One row per version of a document's file. */
  archive_files: {
    id: Generated<number>;
    archive_id: number;
    version: number;
    r2_key: string;
    file_name: string;
    file_size: number;
    mime_type: string;
    sha256: string;
    uploader_id: number | null;
    note: string | null;
    /** The version this one copies (a restore); null when it brought its own object. */
    restored_from: number | null;
    created_at: string;
  };
  archive_tombstones: {
    uuid: string;
    archive_id: number;
    title: string;
    document_number: string;
    year: number;
    access_level: string;
    category_id: number | null;
    unit_kerja_id: number | null;
    file_hashes: string;
    created_at: string;
    deleted_at: string;
    deleted_by_username: string | null;
    purged_at: string;
    purged_by_username: string | null;
    reason: "TRASH_EXPIRED" | "PURGED" | "DESTROYED";
    /** The Berita Acara Pemusnahan that destroyed it (reason DESTROYED). */
    berita_acara_id: Generated<number | null>;
  };
  /** Objects being written to R2 (registered before the first byte). */
  file_staging: {
    r2_key: string;
    upload_id: string | null;
    created_at: string;
    /** The unit whose quota holds `reserved_bytes` for this upload until its version is recorded. */
    unit_kerja_id: number | null;
    reserved_bytes: number | null;
  };
  /** Never holds a row: a batch inserts 0 here to roll back when a unit's stored bytes pass its quota. */
  quota_guards: { ok: number };
  /** Objects no version uses any more, waiting for their R2 delete. */
  file_deletions: { r2_key: string; queued_at: string; attempts: Generated<number>; last_error: string | null };
  /** One row per stored object a version refers to (trigger-kept): its recorded hash and last check. */
  file_fixity: {
    r2_key: string;
    sha256: string;
    file_size: number;
    registered_at: string;
    checked_at: string | null;
    status: FixityOutcome | null;
    actual_sha256: string | null;
    actual_size: number | null;
    failing_since: string | null;
    checks: Generated<number>;
  };
  /** Every fixity check of an object. */
  fixity_checks: {
    id: Generated<number>;
    r2_key: string;
    checked_at: string;
    outcome: FixityOutcome;
    expected_sha256: string;
    actual_sha256: string | null;
    actual_size: number | null;
    requested_by: number | null;
  };
  /** How a full-text index that holds only some rows is refilled after a restore. */
  fts_refill: { fts_table: string; refill: string };
  site_state: { key: string; value: number };
  /** FTS5 over archives (external content; rowid = archives.id). */
  archives_fts: { rowid: number; title: string; document_number: string; keywords: string; description: string };
  /** FTS5 over the INDEXED texts (contentless, the texts are in R2; rowid = archives.id), documents in the trash included. */
  archive_texts_fts: { rowid: number; body: string };
  /** Each word of the indexed texts (folded as FTS5 folds it) and its Indonesian stem. */
  search_terms: { term: string; stem: string };
  /** One row: the stemmer whose stems search_terms holds, and a re-stem under way (its target and last term). */
  /** `metadata_terms_after`: the back-fill of existing documents' metadata words, the last archive id done (NULL: finished). */
  search_stemmer: { id: number; version: string; restem_version: string | null; restem_after: string | null; metadata_terms_after: number | null };
  /** `restricted_unit`: 0 = every signed-in reader; a unit id (-1: none) = a SANGAT_RAHASIA document's only readers. */
  archive_counts: { category_id: number; access_level: string; restricted_unit: number; total: number };
  /** Trigger-kept: live documents per retention status, and DIMUSNAHKAN (destroyed records' tombstones). */
  retention_counts: { status: string; total: number };
  /** Live documents per classification code (0: none), trigger-kept. */
  classification_counts: { classification_id: number; total: number };
  classification_codes: {
    id: Generated<number>;
    code: string;
    parent_id: number | null;
    name: string;
    description: string;
    security_class: "BIASA" | "TERBATAS" | "RAHASIA" | "SANGAT_RAHASIA";
    retention_active_years: number;
    retention_inactive_years: number;
    final_disposition: "MUSNAH" | "PERMANEN" | "DINILAI_KEMBALI";
    legal_basis: string;
    created_at: string;
    updated_at: string;
  };
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
    /** The requester's role and unit when they asked: a token is only good while both still hold. */
    requester_role: string | null;
    requester_unit_kerja_id: number | null;
    /** When the "token lapses in 2 hours" notification went out (once per approval). */
    expiry_reminded_at: string | null;
  };
  /** Trigger-kept (migration 0015): audit rows per dimension 'all' / 'action' / 'actor' (user id). */
  audit_windows: {
    key: string;
    started_at: string;
    repeats: Generated<number>;
    previous_repeats: Generated<number>;
    /** The audited action, when the window closes, and the client (migration 0023). */
    action: string | null;
    ends_at: string | null;
    actor_id: number | null;
    ip_address: string | null;
    user_agent: string | null;
    /** JSON array of the distinct paths (or subjects) the window saw, at most AUDIT_WINDOW_PATHS. */
    paths: Generated<string>;
    summarized_at: string | null;
  };
  audit_log_counts: { dimension: "all" | "action" | "actor"; value: string; total: number };
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
  /** Every document that was ever PUBLIC, as OAI-PMH harvesters see it (kept by triggers, never deleted). */
  oai_records: {
    id: Generated<number>;
    uuid: string;
    /** UTC, whole seconds: `2026-11-22T06:30:00Z`. */
    datestamp: string;
    deleted: number;
    category_id: number | null;
    unit_kerja_id: number | null;
  };
  /** Personal API tokens: only an HMAC of the token is stored. */
  api_tokens: {
    id: Generated<number>;
    uuid: string;
    user_id: number;
    name: string;
    scope: "read" | "read_write";
    token_hash: string;
    token_prefix: string;
    /** The owner's role and unit when the token was issued; a token whose owner no longer has them is dead. */
    role_id: number;
    unit_kerja_id: number | null;
    created_at: string;
    expires_at: string;
    last_used_at: string | null;
    last_used_ip: string | null;
    revoked_at: string | null;
    revoked_by: number | null;
    revoked_reason: ApiTokenRevokeReason | null;
  };
  /** The outbox: what happened, written by `commit` with the change (migration 0023). */
  events: {
    id: Generated<number>;
    kind: string;
    subject_type: string | null;
    subject_id: string | null;
    actor_id: number | null;
    actor_system: string | null;
    payload: string | null;
    created_at: string;
    attempts: Generated<number>;
    error: string | null;
  };
  jobs: {
    id: Generated<number>;
    uuid: string;
    kind: string;
    actor_user_id: number | null;
    actor_system: string | null;
    status: "QUEUED" | "RUNNING" | "DONE" | "FAILED" | "CANCELLED";
    params: string;
    cursor: string | null;
    progress: Generated<number>;
    total: number | null;
    counts: string;
    error: string | null;
    attempts: Generated<number>;
    lease_token: string | null;
    lease_until: string | null;
    run_after: string | null;
    singleton_key: string | null;
    created_at: string;
    started_at: string | null;
    finished_at: string | null;
    updated_at: string;
  };
  job_items: { job_id: number; position: number; subject: string; label: string | null; outcome: string; reason: string | null };
  notifications: {
    id: Generated<number>;
    uuid: string;
    user_id: number;
    kind: string;
    title: string;
    body: string;
    link: string;
    dedupe_key: string;
    event_id: number | null;
    created_at: string;
    read_at: string | null;
    email_status: "NONE" | "PENDING" | "DIGEST" | "SENT" | "SKIPPED" | "FAILED";
    email_id: number | null;
  };
  notification_preferences: { user_id: number; kind: string; email: "IMMEDIATE" | "DIGEST" | "OFF" };
  email_messages: {
    id: Generated<number>;
    user_id: number | null;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    dedupe_key: string;
    status: Generated<"PENDING" | "SENT" | "FAILED">;
    attempts: Generated<number>;
    message_id: string | null;
    error: string | null;
    created_at: string;
    sent_at: string | null;
  };
  ppid_leave_days: { date: string; note: string; created_by: number | null; created_at: string };
  ppid_counters: { series: "PERMOHONAN" | "KEBERATAN"; year: number; last: number };
  ppid_consequence_tests: {
    id: Generated<number>;
    uuid: string;
    information: string;
    legal_basis: string;
    consequences: string;
    valid_until: string;
    signed_by: number | null;
    signed_name: string;
    created_at: string;
  };
  ppid_requests: {
    id: Generated<number>;
    uuid: string;
    registration_number: string | null;
    year: number | null;
    seq: number | null;
    status: "MENUNGGU_KONFIRMASI" | "DITERIMA" | "DIPROSES" | "DIPERPANJANG" | "DIJAWAB" | "SELESAI";
    channel: "ONLINE" | "LANGSUNG" | "SURAT" | "TELEPON" | "EMAIL";
    requester_name: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    information: string;
    purpose: string;
    format: string;
    delivery: string;
    secret_seed: string;
    confirm_token_hash: string | null;
    confirm_expires_at: string | null;
    submitted_at: string;
    recorded_by: number | null;
    received_at: string | null;
    received_on: string | null;
    due_date: string | null;
    extended_due_date: string | null;
    extension_reason: string | null;
    extended_at: string | null;
    extended_by: number | null;
    processed_at: string | null;
    processed_by: number | null;
    answered_at: string | null;
    answered_on: string | null;
    answered_by: number | null;
    outcome: "DIBERIKAN" | "DIBERIKAN_SEBAGIAN" | "DITOLAK" | "TIDAK_DIKUASAI" | null;
    answer_message: string | null;
    withheld: string | null;
    holder: string | null;
    exemption_ground: string | null;
    consequence_test_id: number | null;
    closed_at: string | null;
    reminded_due_3: string | null;
    reminded_due_1: string | null;
    personal_purged_at: string | null;
  };
  ppid_answer_files: {
    id: Generated<number>;
    uuid: string;
    request_id: number;
    archive_id: number;
    kind: "PUBLIK" | "RILIS";
    archive_file_id: number | null;
    title: string;
    token_seed: string | null;
    expires_at: string | null;
    download_count: Generated<number>;
    created_at: string;
  };
  ppid_objections: {
    id: Generated<number>;
    uuid: string;
    request_id: number;
    registration_number: string;
    year: number;
    seq: number;
    ground: string;
    reason: string;
    status: "KEBERATAN" | "DITANGGAPI" | "SENGKETA" | "SELESAI";
    received_at: string;
    received_on: string;
    due_date: string;
    response: string | null;
    responded_at: string | null;
    responded_on: string | null;
    responded_by: number | null;
    dispute_registered_on: string | null;
    dispute_number: string | null;
    dispute_decided_on: string | null;
    dispute_decision: string | null;
    closed_at: string | null;
    reminded_due_3: string | null;
    reminded_due_1: string | null;
  };
  ppid_dip_entries: {
    id: Generated<number>;
    uuid: string;
    title: string;
    summary: string;
    kind: "BERKALA" | "SERTA_MERTA" | "SETIAP_SAAT";
    holder: string;
    responsible: string;
    made_in: string;
    format: string;
    retention: string;
    created_by: number | null;
    created_at: string;
  };
  /** An import of an existing archive (ZIP + manifest, CSV/XLSX alone, Arteri's spreadsheet). */
  imports: {
    id: Generated<number>;
    uuid: string;
    created_by: number;
    unit_kerja_id: number | null;
    source_name: string;
    source_key: string | null;
    source_size: Generated<number>;
    upload_id: string | null;
    source_kind: "ZIP" | "CSV" | "XLSX";
    manifest_format: "MANIFEST" | "ARTERI" | null;
    manifest_name: string | null;
    encoding: string | null;
    status: "UPLOADING" | "CHECKED" | "INVALID" | "RUNNING" | "ROLLING_BACK" | "DONE" | "FAILED" | "CANCELLED";
    lines: Generated<number>;
    files: Generated<number>;
    error_count: Generated<number>;
    errors: Generated<string>;
    warnings: Generated<string>;
    job_id: number | null;
    created_documents: Generated<number>;
    cancel_requested_at: string | null;
    error: string | null;
    created_at: string;
    updated_at: string;
    finished_at: string | null;
  };
  /** The checked lines of an import (JSON), read in order by its run. */
  import_lines: { import_id: number; line: number; data: string };
  /** A large import ZIP arriving in parts (an R2 multipart upload open between requests). */
  import_uploads: {
    id: Generated<number>;
    uuid: string;
    created_by: number;
    file_name: string;
    category_id: number | null;
    r2_key: string;
    r2_upload_id: string;
    size: number;
    part_size: number;
    parts: number;
    created_at: string;
  };
  /** The parts of an import upload R2 has confirmed, with their etags. */
  import_upload_parts: { upload_id: number; part_number: number; etag: string };
}
