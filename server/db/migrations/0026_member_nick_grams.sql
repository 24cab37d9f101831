-- The site search finds members by any part of their nickname, two-letter Korean words too
-- (docs/decisions/0047-site-search.md): the nickname's single letters and two-letter windows,
-- lower-cased, in a GIN index. A nickname is at most 20 letters, so at most 39 entries.
CREATE OR REPLACE FUNCTION nick_grams(nick text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(lower(nick), i, 1) AS g FROM generate_series(1, char_length(nick)) AS i
    UNION ALL
    SELECT substr(lower(nick), i, 2) FROM generate_series(1, char_length(nick) - 1) AS i
  ) AS grams
$$;--> statement-breakpoint
CREATE INDEX "users_nick_grams_idx" ON "users" USING gin (nick_grams("nick_name")) WHERE "users"."nick_name" is not null;