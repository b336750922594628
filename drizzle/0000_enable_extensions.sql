-- Trigram indexes (fuzzy title matching for duplicates and lookups) need pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
