-- The staff user search (name or email containing the text, case-insensitively: ILIKE
-- '%text%') through trigram indexes, so it answers from the index on a large database instead
-- of reading every user (ADR 0019). PostgreSQL ships pg_trgm (a trusted extension the database
-- owner may create); where it is not available (the embedded database loads no extensions)
-- the search stays a scan, which is fast at an embedded install's size.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
EXCEPTION WHEN undefined_file OR feature_not_supported OR insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm is not available: the user search reads the users table';
END $$;
