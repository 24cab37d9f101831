CREATE TABLE "watermark_settings" (
	"user_no" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"position" text DEFAULT 'bottom-right' NOT NULL,
	"opacity" smallint DEFAULT 50 NOT NULL,
	"keep_credit" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "original_path" text;--> statement-breakpoint
ALTER TABLE "watermark_settings" ADD CONSTRAINT "watermark_settings_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;