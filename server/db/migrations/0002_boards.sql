CREATE TABLE "alarms" (
	"key" serial PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"kind" text NOT NULL,
	"board_id" text NOT NULL,
	"board_name" text NOT NULL,
	"article_key" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"key" serial PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"post_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"key" text PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"post_key" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"image" boolean NOT NULL,
	"width" integer,
	"height" integer,
	"storage_path" text NOT NULL,
	"thumb_path" text,
	"exif" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_key" bigint NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "post_views_post_key_viewer_day_pk" PRIMARY KEY("post_key","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"post_key" bigint NOT NULL,
	"user_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendations_post_key_user_no_pk" PRIMARY KEY("post_key","user_no")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "has_image" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "has_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_bigrams" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_post_key_posts_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."posts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_post_key_posts_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."posts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_post_key_posts_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."posts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_user_unread_idx" ON "alarms" USING btree ("user_no","key" DESC NULLS LAST) WHERE "alarms"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_post_key" ON "favorites" USING btree ("user_no","post_key");--> statement-breakpoint
CREATE INDEX "favorites_user_idx" ON "favorites" USING btree ("user_no","key" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_post_idx" ON "files" USING btree ("post_key","sort");--> statement-breakpoint
CREATE INDEX "files_user_idx" ON "files" USING btree ("user_no","created_at");--> statement-breakpoint
CREATE INDEX "posts_board_category_idx" ON "posts" USING btree ("board_id","category","key" DESC NULLS LAST) WHERE "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "posts_notice_idx" ON "posts" USING btree ("board_id","key" DESC NULLS LAST) WHERE "posts"."notice" and "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "posts_all_idx" ON "posts" USING btree ("key" DESC NULLS LAST) WHERE "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_bigrams");