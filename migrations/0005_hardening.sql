-- Sign-in throttling counts every attempt before the password is checked, per (username, IP)
-- and per IP, with a lock that doubles each time a key is locked again within a day. The
-- username-only keys of 0001 let anyone lock any account from anywhere: they are dropped.
ALTER TABLE login_throttle ADD COLUMN lock_count INTEGER NOT NULL DEFAULT 0;
DELETE FROM login_throttle WHERE key LIKE 'user:%';

-- The R2 multipart upload of a file still being written, so a request that dies half way (or a
-- refused file) has its upload aborted, here or by the scheduled sweep, instead of left open.
ALTER TABLE pending_uploads ADD COLUMN upload_id TEXT;
