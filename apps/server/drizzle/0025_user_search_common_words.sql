-- A name search whose every term is common ("John Smith" among 100,000 users: each term begins
-- hundreds or thousands of words) took its candidates from one term's words, and looked each
-- one up: its user's other words and its name (ADR 0019). "Queue User 42" on the seeded bench
-- database read 500 candidates to find 11 (2.7 ms, against 1.1 ms for "Scale User 4242",
-- whose rarest term begins 11 words).
--
-- Now, when every term begins at least 100 words, the terms are counted again up to 5,000
-- words each (each only up to the second fewest so far: the two rarest are what it looks for),
-- and when the two rarest both begin fewer than 5,000, the candidates are the users both
-- ranges share: the two ranges are read in order from the word index and intersected in a hash
-- table, a few index pages, instead of a lookup per candidate. A search of very common terms
-- (more than 5,000 words each but one) reads its rarest term's words as before.
CREATE OR REPLACE FUNCTION users_named(search text, pattern text) RETURNS SETOF text AS $$
DECLARE
  terms text[] := name_search_words(search);
  each_term text;
  rarest text;
  fewest int := 100;
  counted int;
  -- The second pass: the two rarest terms counted up to pair_limit words.
  pair_limit constant int := 5000;
  pair_first text;
  pair_first_count int := pair_limit;
  pair_second text;
  pair_second_count int := pair_limit;
BEGIN
  IF cardinality(terms) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(terms) = 1 THEN
    rarest := terms[1];
  ELSE
    FOR each_term IN SELECT term FROM unnest(terms) AS term ORDER BY length(term) DESC LOOP
      SELECT count(*) INTO counted FROM (SELECT FROM user_name_words c
        WHERE c.word COLLATE "C" >= each_term AND c.word COLLATE "C" < name_word_prefix_end(each_term)
        ORDER BY c.word COLLATE "C" LIMIT fewest) words;
      IF rarest IS NULL OR counted < fewest THEN
        rarest := each_term;
        fewest := counted;
      END IF;
      -- A term that begins no word: no name has them all.
      IF fewest = 0 THEN
        RETURN;
      END IF;
    END LOOP;
    -- Every term begins 100 words or more.
    IF fewest = 100 THEN
      FOR each_term IN SELECT term FROM unnest(terms) AS term ORDER BY length(term) DESC LOOP
        SELECT count(*) INTO counted FROM (SELECT FROM user_name_words c
          WHERE c.word COLLATE "C" >= each_term AND c.word COLLATE "C" < name_word_prefix_end(each_term)
          ORDER BY c.word COLLATE "C" LIMIT pair_second_count) words;
        IF counted < pair_first_count THEN
          pair_second := pair_first;
          pair_second_count := pair_first_count;
          pair_first := each_term;
          pair_first_count := counted;
        ELSIF counted < pair_second_count THEN
          pair_second := each_term;
          pair_second_count := counted;
        END IF;
      END LOOP;
      IF pair_second IS NOT NULL THEN
        RETURN QUERY
          SELECT pair.user_id FROM (
              SELECT a.user_id FROM user_name_words a
              WHERE a.word COLLATE "C" >= pair_first AND a.word COLLATE "C" < name_word_prefix_end(pair_first)
              INTERSECT
              SELECT b.user_id FROM user_name_words b
              WHERE b.word COLLATE "C" >= pair_second AND b.word COLLATE "C" < name_word_prefix_end(pair_second)
            ) pair
          WHERE NOT EXISTS (
              SELECT FROM unnest(terms) AS term
              WHERE term <> pair_first AND term <> pair_second
                AND NOT EXISTS (SELECT FROM user_name_words x
                                WHERE x.user_id = pair.user_id AND x.word COLLATE "C" >= term AND x.word COLLATE "C" < name_word_prefix_end(term)))
            AND (SELECT u.name FROM users u WHERE u.id = pair.user_id) ILIKE pattern;
        RETURN;
      END IF;
      -- One term at most below the limit: the rarest's words are the fewest candidates.
      rarest := coalesce(pair_first, rarest);
    END IF;
  END IF;
  RETURN QUERY
    SELECT w.user_id FROM user_name_words w
    WHERE w.word COLLATE "C" >= rarest AND w.word COLLATE "C" < name_word_prefix_end(rarest)
      AND NOT EXISTS (
        SELECT FROM unnest(terms) AS term
        WHERE term <> rarest
          AND NOT EXISTS (SELECT FROM user_name_words x
                          WHERE x.user_id = w.user_id AND x.word COLLATE "C" >= term AND x.word COLLATE "C" < name_word_prefix_end(term)))
      AND (SELECT u.name FROM users u WHERE u.id = w.user_id) ILIKE pattern;
END;
$$ LANGUAGE plpgsql STABLE ROWS 10 SET enable_bitmapscan = off SET plan_cache_mode = force_generic_plan;
