-- A batch that must only go on when its conditional write changed a row (a compare-and-set)
-- inserts `SELECT 0 ... WHERE changes() = 0` here: the CHECK then fails and D1 rolls the whole
-- batch back. The constraint's name is the code the service recognises. No row is ever stored.
CREATE TABLE write_guards (
  ok INTEGER NOT NULL CONSTRAINT STALE_WRITE CHECK (ok = 1)
);
