-- The pairs of words side by side in a word vector ('imag system' for "image system"), as a
-- vector of their own (without positions). A GIN index over the abstracts' pairs (word-pairs.ts
-- builds it in the background on PostgreSQL) finds a phrase's papers directly: the words' own
-- postings hold every paper with both words anywhere, and each had to be read from TOAST to
-- check that they stand together. The vectors are built with consecutive positions
-- (index-document.ts), so a pair is exactly what `a <-> b` matches. A tsvector, not a text
-- array: its lexemes compare byte by byte, where text compares by the database's collation
-- (eight times slower to index under C.UTF-8). Its declared cost keeps the planner from
-- computing pairs paper by paper where the index serves.
CREATE OR REPLACE FUNCTION arxiv_word_pairs(words tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
  SELECT array_to_tsvector(coalesce(array_agg(pair), '{}'))
  FROM (
    SELECT lexeme || ' ' || lead(lexeme) OVER (ORDER BY at) AS pair, lead(at) OVER (ORDER BY at) - at AS step
    FROM (SELECT lexeme, unnest(positions) AS at FROM unnest(words)) AS placed
  ) AS side_by_side
  WHERE step = 1
$$;
