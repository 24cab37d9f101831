CREATE TABLE "held_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_key" integer NOT NULL,
	"user_no" integer NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "held_members" (
	"user_no" integer PRIMARY KEY NOT NULL,
	"reporters" integer NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spam_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"text_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_items" ADD CONSTRAINT "held_items_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_members" ADD CONSTRAINT "held_members_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_texts" ADD CONSTRAINT "spam_texts_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_items_target_uq" ON "held_items" USING btree ("kind","target_key");--> statement-breakpoint
CREATE INDEX "held_items_held_idx" ON "held_items" USING btree ("held_at");--> statement-breakpoint
CREATE INDEX "spam_texts_user_idx" ON "spam_texts" USING btree ("user_no","text_hash","created_at");--> statement-breakpoint
CREATE INDEX "spam_texts_created_idx" ON "spam_texts" USING btree ("created_at");