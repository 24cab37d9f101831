CREATE TABLE "market_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_key" bigint NOT NULL,
	"bidder_no" integer NOT NULL,
	"amount" bigint NOT NULL,
	"buy_now" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_items" (
	"post_key" bigint PRIMARY KEY NOT NULL,
	"seller_no" integer NOT NULL,
	"category" text NOT NULL,
	"price" bigint NOT NULL,
	"condition" text NOT NULL,
	"trade_method" text NOT NULL,
	"region" text NOT NULL,
	"product_id" integer,
	"product_guessed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'selling' NOT NULL,
	"sold_price" bigint,
	"sold_at" timestamp with time zone,
	"buyer_no" integer,
	"bumped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"auction" boolean DEFAULT false NOT NULL,
	"bid_step" bigint,
	"buy_now_price" bigint,
	"ends_at" timestamp with time zone,
	"current_price" bigint,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"leader_no" integer,
	"ended_at" timestamp with time zone,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "museum_exhibits" (
	"user_no" integer NOT NULL,
	"post_key" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "museum_exhibits_user_no_post_key_pk" PRIMARY KEY("user_no","post_key")
);
--> statement-breakpoint
CREATE TABLE "today_photos" (
	"day" date PRIMARY KEY NOT NULL,
	"post_key" bigint NOT NULL,
	"file_key" text,
	"note" text DEFAULT '' NOT NULL,
	"picked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_market" boolean;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "medium_path" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_bids" ADD CONSTRAINT "market_bids_post_key_market_items_post_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."market_items"("post_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_bids" ADD CONSTRAINT "market_bids_bidder_no_users_no_fk" FOREIGN KEY ("bidder_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_items" ADD CONSTRAINT "market_items_post_key_posts_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."posts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_items" ADD CONSTRAINT "market_items_seller_no_users_no_fk" FOREIGN KEY ("seller_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_items" ADD CONSTRAINT "market_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_items" ADD CONSTRAINT "market_items_buyer_no_users_no_fk" FOREIGN KEY ("buyer_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_items" ADD CONSTRAINT "market_items_leader_no_users_no_fk" FOREIGN KEY ("leader_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "museum_exhibits" ADD CONSTRAINT "museum_exhibits_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "museum_exhibits" ADD CONSTRAINT "museum_exhibits_post_key_posts_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."posts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "today_photos" ADD CONSTRAINT "today_photos_post_key_posts_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."posts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "today_photos" ADD CONSTRAINT "today_photos_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "today_photos" ADD CONSTRAINT "today_photos_picked_by_users_no_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_bids_item_amount_uq" ON "market_bids" USING btree ("post_key","amount");--> statement-breakpoint
CREATE INDEX "market_bids_bidder_idx" ON "market_bids" USING btree ("bidder_no","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_items_list_idx" ON "market_items" USING btree ("bumped_at" DESC NULLS LAST,"post_key" DESC NULLS LAST) WHERE "market_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "market_items_category_idx" ON "market_items" USING btree ("category","bumped_at" DESC NULLS LAST,"post_key" DESC NULLS LAST) WHERE "market_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "market_items_seller_idx" ON "market_items" USING btree ("seller_no","post_key" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_items_product_idx" ON "market_items" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "market_items_auction_open_idx" ON "market_items" USING btree ("ends_at") WHERE "market_items"."auction" and "market_items"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "museum_exhibits_order_idx" ON "museum_exhibits" USING btree ("user_no","sort");--> statement-breakpoint
CREATE INDEX "today_photos_post_idx" ON "today_photos" USING btree ("post_key");--> statement-breakpoint
-- The market and the galleries are boards of their own (their posts hold subject, content, photos,
-- views, comments and scraps); left out of the cross-board lists and menus, their pages are
-- /market/... and /gallery/.... New and existing sites get them alike.
INSERT INTO "boards" ("id", "name", "description", "sort", "read_level", "write_level", "comment_level", "hidden")
VALUES ('market', '중고장터', '회원끼리 카메라와 렌즈를 사고파는 곳입니다.', 90, 0, 1, 1, true),
       ('gallery', '갤러리', '회원들의 사진을 크게 보는 곳입니다.', 91, 0, 1, 1, true)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "board_categories" ("board_id", "code", "name", "sort")
VALUES ('market', 'c1', '바디', 1), ('market', 'c2', '렌즈', 2), ('market', 'c3', '플래시·조명', 3),
       ('market', 'c4', '액세서리', 4), ('market', 'c5', '필름 카메라', 5), ('market', 'c6', '기타', 6),
       ('gallery', 'c1', '사진', 1)
ON CONFLICT DO NOTHING;
