-- The staff search by name (ADR 0019): each user's name words in user_name_words, kept by
-- statement triggers on users, so a term is one range of a B-tree (the words starting with it)
-- however many names share other words. A trigram index read every seeded name's posting list
-- for "Scale User 4242" (6-10 ms a search on 101,000 users).
--
-- A name's words: its lower-cased runs of letters and digits (a word may repeat). A search's
-- terms are the same function of its text, so both sides fold case alike (as ILIKE did). One
-- expression, so PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION name_search_words(name text) RETURNS text[] AS $$
  SELECT array_remove(regexp_split_to_array(lower(name), '[^[:alnum:]]+'), '')
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
--> statement-breakpoint
-- The end of the range of words starting with a prefix, in byte order (collate "C"): the prefix
-- followed by the last code point, which no word holds (it is not a letter or a digit).
CREATE OR REPLACE FUNCTION name_word_prefix_end(prefix text) RETURNS text AS $$
  SELECT prefix || chr(1114111)
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
--> statement-breakpoint
-- The live and deleted users whose name contains the search (`pattern`, its ILIKE pattern) where
-- each of its terms begins a word of the name: "User 42" finds "Scale User 4242", "ale Us" does
-- not. The candidates come from the range of the rarest term (its words counted up to 100, then
-- the longer term; a lone term is the rarest), so a search costs what its rarest term costs: "Scale User 4242" reads the
-- ~11 words starting with "4242", where a trigram index read every name's "Scale User ". Steps
-- of their own, so no plan can start from the users table or misjudge the candidates' number;
-- no bitmap scans, which read a term's whole range before the count's LIMIT (a plan made
-- before the words table was analyzed chose one: 30,000 entries for "common").
CREATE OR REPLACE FUNCTION users_named(search text, pattern text) RETURNS SETOF text AS $$
DECLARE
  terms text[] := name_search_words(search);
  rarest text;
BEGIN
  IF cardinality(terms) = 1 THEN
    rarest := terms[1];
  ELSE
    SELECT term INTO rarest FROM unnest(terms) AS term
      ORDER BY (SELECT count(*) FROM (SELECT FROM user_name_words c
                  WHERE c.word COLLATE "C" >= term AND c.word COLLATE "C" < name_word_prefix_end(term)
                  ORDER BY c.word COLLATE "C" LIMIT 100) counted),
               length(term) DESC
      LIMIT 1;
  END IF;
  IF rarest IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT w.user_id FROM user_name_words w
    WHERE w.word COLLATE "C" >= rarest AND w.word COLLATE "C" < name_word_prefix_end(rarest)
      AND NOT EXISTS (
        SELECT FROM unnest(terms) AS term
        WHERE NOT EXISTS (SELECT FROM user_name_words x
                          WHERE x.user_id = w.user_id AND x.word COLLATE "C" >= term AND x.word COLLATE "C" < name_word_prefix_end(term)))
      AND (SELECT u.name FROM users u WHERE u.id = w.user_id) ILIKE pattern;
END;
$$ LANGUAGE plpgsql STABLE ROWS 10 SET enable_bitmapscan = off;
--> statement-breakpoint
-- A statement's rows together: a bulk insert writes its words in one statement, and an update
-- that leaves the names alone (a sign-in's last_login_at) writes nothing.
CREATE OR REPLACE FUNCTION user_name_words_follow() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_name_words (user_id, word) SELECT DISTINCT n.id, unnest(name_search_words(n.name)) FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM user_name_words w USING old_rows o, new_rows n
      WHERE w.user_id = o.id AND n.id = o.id AND n.name IS DISTINCT FROM o.name;
    INSERT INTO user_name_words (user_id, word)
      SELECT DISTINCT n.id, unnest(name_search_words(n.name)) FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name;
  ELSE
    DELETE FROM user_name_words w USING old_rows o WHERE w.user_id = o.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A trigger with transition tables fires for one kind of statement only: one trigger each.
CREATE TRIGGER users_name_words_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_name_words_follow();
--> statement-breakpoint
CREATE TRIGGER users_name_words_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_name_words_follow();
--> statement-breakpoint
CREATE TRIGGER users_name_words_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_name_words_follow();
--> statement-breakpoint
INSERT INTO user_name_words (user_id, word) SELECT DISTINCT id, unnest(name_search_words(name)) FROM users;
--> statement-breakpoint
ANALYZE user_name_words;
--> statement-breakpoint
-- Superseded by the words: a plan that read it for the search's name ILIKE found the candidates
-- the slow way.
DROP INDEX IF EXISTS users_name_trgm_idx;
