-- Changing the index's setting locks the posts table's readers out for a moment: on a live site
-- that waits behind a long transaction, it gives up after 5 s instead of queueing every request
-- behind it (the start retries its migrations).
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
-- Counters (views, recommends, comments) change a post's row all day. With room left on its page
-- the new row version stays there (a HOT update) and no index changes; on a full page it moves, and
-- every index takes the moved row again, the token index a few hundred entries of it. Pages filled
-- from now on keep a fifth free, room for a new version of a post of average size (1.5 kB on the
-- bench); pages already full stay so until the table is rewritten (docs/operations.md).
ALTER TABLE "posts" SET (fillfactor = 80);--> statement-breakpoint
-- New entries of the token index wait in its pending list until the list passes this size (the
-- default is 4 MB), and every search reads the whole list besides the index: 1.2 ms more a search
-- with 2.5 MB waiting, on the 1,000,000-post bench. A short list is merged into the index more often.
ALTER INDEX "posts_search_idx" SET (gin_pending_list_limit = 256);
