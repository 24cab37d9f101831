CREATE TABLE "board_page_chunks" (
	"board_id" text NOT NULL,
	"scope" text NOT NULL,
	"max_key" bigint NOT NULL,
	"live_count" integer NOT NULL,
	CONSTRAINT "board_page_chunks_board_id_scope_max_key_pk" PRIMARY KEY("board_id","scope","max_key")
);
--> statement-breakpoint
ALTER TABLE "board_page_chunks" ADD CONSTRAINT "board_page_chunks_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: chunks of 200 live posts from each board's (and each category's) oldest post on,
-- the newest chunk partly filled; the same statement as rebuildPageChunks() in
-- server/modules/boards/page-chunks.ts.
INSERT INTO "board_page_chunks" ("board_id", "scope", "max_key", "live_count")
SELECT "board_id", "scope", max("key"), count(*)::int
FROM (
	SELECT "board_id", 'c0' AS "scope", "key", (row_number() OVER (PARTITION BY "board_id" ORDER BY "key") - 1) / 200 AS "n"
	FROM "posts" WHERE "deleted_at" IS NULL
	UNION ALL
	SELECT "board_id", "category", "key", (row_number() OVER (PARTITION BY "board_id", "category" ORDER BY "key") - 1) / 200
	FROM "posts" WHERE "deleted_at" IS NULL
) "x"
GROUP BY "board_id", "scope", "n";
