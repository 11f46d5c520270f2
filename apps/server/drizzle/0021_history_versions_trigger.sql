-- Each user's history version (ADR 0023): raised by one for every write to one of their
-- history_entries rows. The trigger is deferred, so the raise runs at commit, after every other
-- lock the transaction takes (the ledger's account rows first): it adds no lock-order cycle to
-- the money transactions, and versions follow commit order (the row lock on history_versions
-- serializes two commits of one user's history). A page rendered at a version stays true until
-- the version moves.
CREATE OR REPLACE FUNCTION history_raise_version(owner text) RETURNS void AS $$
  INSERT INTO history_versions AS v (user_id, version) VALUES (owner, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_entries_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM history_raise_version(OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM history_raise_version(NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER history_entries_version AFTER INSERT OR UPDATE OR DELETE ON history_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_entries_changed();
--> statement-breakpoint
INSERT INTO history_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM history_entries ON CONFLICT DO NOTHING;
