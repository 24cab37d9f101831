CREATE TABLE "used_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "aaguid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "created_device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "last_used_device" text;--> statement-breakpoint
CREATE INDEX "used_challenges_expires_idx" ON "used_challenges" USING btree ("expires_at");