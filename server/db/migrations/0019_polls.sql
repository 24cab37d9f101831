CREATE TABLE "poll_votes" (
	"post_key" bigint NOT NULL,
	"user_no" integer NOT NULL,
	"choices" smallint[] NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_post_key_user_no_pk" PRIMARY KEY("post_key","user_no")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"post_key" bigint PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"options" text[] NOT NULL,
	"max_choices" smallint DEFAULT 1 NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"results" text DEFAULT 'voted' NOT NULL,
	"anonymous" boolean DEFAULT true NOT NULL,
	"changeable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polls_results_check" CHECK ("polls"."results" in ('voted', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "has_poll" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_post_key_polls_post_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."polls"("post_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_post_key_posts_key_fk" FOREIGN KEY ("post_key") REFERENCES "public"."posts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_votes_user_idx" ON "poll_votes" USING btree ("user_no");