-- user_counts follows users: the live, verified and suspended users in one row, so the staff
-- list reads its counts without scanning the table. Statement triggers see a statement's rows
-- together (a bulk insert moves the row once), and the row is only written (and locked) when
-- a count changes: a login's last_login_at update leaves it alone.
CREATE OR REPLACE FUNCTION user_counts_follow() RETURNS trigger AS $$
DECLARE
  live_delta bigint := 0;
  verified_delta bigint := 0;
  suspended_delta bigint := 0;
  added record;
  removed record;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) AS live, count(*) FILTER (WHERE is_verified) AS verified, count(*) FILTER (WHERE role = 'suspended') AS suspended
      INTO added FROM new_rows WHERE deleted_at IS NULL;
    live_delta := live_delta + added.live;
    verified_delta := verified_delta + added.verified;
    suspended_delta := suspended_delta + added.suspended;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT count(*) AS live, count(*) FILTER (WHERE is_verified) AS verified, count(*) FILTER (WHERE role = 'suspended') AS suspended
      INTO removed FROM old_rows WHERE deleted_at IS NULL;
    live_delta := live_delta - removed.live;
    verified_delta := verified_delta - removed.verified;
    suspended_delta := suspended_delta - removed.suspended;
  END IF;
  IF live_delta <> 0 OR verified_delta <> 0 OR suspended_delta <> 0 THEN
    UPDATE user_counts SET live = live + live_delta, verified = verified + verified_delta, suspended = suspended + suspended_delta;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A trigger with transition tables fires for one kind of statement only: one trigger each.
CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_follow();
--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_follow();
--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_follow();
--> statement-breakpoint
INSERT INTO user_counts (id, live, verified, suspended)
SELECT true, count(*), count(*) FILTER (WHERE is_verified), count(*) FILTER (WHERE role = 'suspended') FROM users WHERE deleted_at IS NULL;
