CREATE TABLE "board_search_slices" (
	"board_id" text NOT NULL,
	"lo_key" bigint NOT NULL,
	"posts" integer NOT NULL,
	"max_key" bigint NOT NULL,
	CONSTRAINT "board_search_slices_board_id_lo_key_pk" PRIMARY KEY("board_id","lo_key")
);
--> statement-breakpoint
ALTER TABLE "board_search_slices" ADD CONSTRAINT "board_search_slices_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every board's posts cut into slices of 5,000 by key (SLICE_SIZE in
-- server/modules/boards/search-slices.ts), the oldest starting at 0, and every post's search tokens
-- "<field>:<gram>" prefixed with its slice, "<board>@<lo>:" (decision 20). The token index is built
-- again after the rewrite: far faster than updating it row by row.
CREATE TEMPORARY TABLE "post_slice" AS
  SELECT "key", "board_id", (row_number() OVER (PARTITION BY "board_id" ORDER BY "key") - 1) / 5000 AS "n" FROM "posts";--> statement-breakpoint
INSERT INTO "board_search_slices" ("board_id", "lo_key", "posts", "max_key")
  SELECT "board_id", CASE WHEN "n" = 0 THEN 0 ELSE min("key") END, count(*)::int, max("key") FROM "post_slice" GROUP BY "board_id", "n";--> statement-breakpoint
DROP INDEX IF EXISTS "posts_search_idx";--> statement-breakpoint
UPDATE "posts" AS p SET "search_bigrams" = ARRAY(SELECT p."board_id" || '@' || s."lo_key" || ':' || t FROM unnest(p."search_bigrams") AS t)
  FROM (SELECT ps."key", (SELECT max(b."lo_key") FROM "board_search_slices" b WHERE b."board_id" = ps."board_id" AND b."lo_key" <= ps."key") AS "lo_key" FROM "post_slice" ps) s
  WHERE s."key" = p."key" AND cardinality(p."search_bigrams") > 0;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_bigrams");--> statement-breakpoint
DROP TABLE "post_slice";
