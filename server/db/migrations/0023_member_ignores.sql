CREATE TABLE "member_ignores" (
	"user_no" integer NOT NULL,
	"ignored_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_ignores_user_no_ignored_no_pk" PRIMARY KEY("user_no","ignored_no")
);
--> statement-breakpoint
ALTER TABLE "member_ignores" ADD CONSTRAINT "member_ignores_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ignores" ADD CONSTRAINT "member_ignores_ignored_no_users_no_fk" FOREIGN KEY ("ignored_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The letters' block list becomes the one ignore list (decision 46).
INSERT INTO "member_ignores" ("user_no", "ignored_no", "created_at") SELECT "user_no", "blocked_no", "created_at" FROM "letter_blocks" ON CONFLICT DO NOTHING;
