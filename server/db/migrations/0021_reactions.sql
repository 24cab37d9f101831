CREATE TABLE "reaction_counts" (
	"target_kind" text NOT NULL,
	"target_key" bigint NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alarm_key" integer,
	"notified_at" timestamp with time zone,
	CONSTRAINT "reaction_counts_target_kind_target_key_pk" PRIMARY KEY("target_kind","target_key")
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"target_kind" text NOT NULL,
	"target_key" bigint NOT NULL,
	"user_no" integer NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_target_kind_target_key_user_no_pk" PRIMARY KEY("target_kind","target_key","user_no"),
	CONSTRAINT "reactions_target_check" CHECK ("reactions"."target_kind" in ('post', 'comment'))
);
--> statement-breakpoint
ALTER TABLE "reaction_counts" ADD CONSTRAINT "reaction_counts_alarm_key_alarms_key_fk" FOREIGN KEY ("alarm_key") REFERENCES "public"."alarms"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reactions_list_idx" ON "reactions" USING btree ("target_kind","target_key","reaction","created_at" DESC NULLS LAST);