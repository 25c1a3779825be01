-- Where the paper (or the medium) of a record is kept: 'Lokasi Simpan' (issue 29), e.g. the
-- room, rack and box an Arteri register names. Free text, set by an import or on the edit form.
-- Forward-only: every existing document gets NULL (not recorded), which is what it had before.
ALTER TABLE archives ADD COLUMN physical_location TEXT;
