CREATE TABLE "level_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"content" text NOT NULL,
	"reg_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_points" integer NOT NULL,
	"can_market" boolean DEFAULT false NOT NULL,
	CONSTRAINT "levels_min_points_unique" UNIQUE("min_points")
);
--> statement-breakpoint
CREATE TABLE "nick_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"content" text NOT NULL,
	"reg_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"persistent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"no" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"nick_name" text,
	"email" text,
	"question" text,
	"answer_enc" text,
	"points" integer DEFAULT 0 NOT NULL,
	"level_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"real" boolean DEFAULT false NOT NULL,
	"real_dup_hash" text,
	"join_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "users_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "users_real_dup_hash_unique" UNIQUE("real_dup_hash")
);
--> statement-breakpoint
CREATE TABLE "logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"year" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"group_yn" text NOT NULL,
	"program_id" text,
	"label" text,
	"target" text DEFAULT '' NOT NULL,
	"short_key" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_categories" (
	"board_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "board_categories_board_id_code_pk" PRIMARY KEY("board_id","code")
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"read_level" integer DEFAULT 0 NOT NULL,
	"write_level" integer DEFAULT 1 NOT NULL,
	"comment_level" integer DEFAULT 1 NOT NULL,
	"admin_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"board_id" text NOT NULL,
	"category" text DEFAULT 'c1' NOT NULL,
	"user_no" integer,
	"nick_name" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"notice" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"recommends" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "level_history" ADD CONSTRAINT "level_history_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nick_history" ADD CONSTRAINT "nick_history_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_categories" ADD CONSTRAINT "board_categories_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_history_user_idx" ON "level_history" USING btree ("user_no","reg_date");--> statement-breakpoint
CREATE INDEX "nick_history_user_idx" ON "nick_history" USING btree ("user_no","reg_date");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_no");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_nick_name_key" ON "users" USING btree ("nick_name") WHERE "users"."nick_name" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."email" is not null;--> statement-breakpoint
CREATE INDEX "users_points_idx" ON "users" USING btree ("points");--> statement-breakpoint
CREATE INDEX "posts_board_list_idx" ON "posts" USING btree ("board_id","key" DESC NULLS LAST) WHERE "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "posts_user_idx" ON "posts" USING btree ("user_no");