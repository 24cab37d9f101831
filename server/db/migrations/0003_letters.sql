CREATE TABLE "letter_blocks" (
	"user_no" integer NOT NULL,
	"blocked_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_blocks_user_no_blocked_no_pk" PRIMARY KEY("user_no","blocked_no")
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"letter_key" serial PRIMARY KEY NOT NULL,
	"sender_no" integer NOT NULL,
	"receiver_no" integer NOT NULL,
	"sender_nick" text NOT NULL,
	"receiver_nick" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"sender_deleted_at" timestamp with time zone,
	"receiver_deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "letter_blocks" ADD CONSTRAINT "letter_blocks_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_blocks" ADD CONSTRAINT "letter_blocks_blocked_no_users_no_fk" FOREIGN KEY ("blocked_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_sender_no_users_no_fk" FOREIGN KEY ("sender_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_receiver_no_users_no_fk" FOREIGN KEY ("receiver_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_inbox_idx" ON "letters" USING btree ("receiver_no","letter_key" DESC NULLS LAST) WHERE "letters"."receiver_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "letters_sent_idx" ON "letters" USING btree ("sender_no","letter_key" DESC NULLS LAST) WHERE "letters"."sender_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "letters_unread_idx" ON "letters" USING btree ("receiver_no") WHERE "letters"."read_at" is null and "letters"."receiver_deleted_at" is null;