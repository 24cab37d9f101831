ALTER TABLE "reset_flows" DROP CONSTRAINT "reset_flows_pkey";--> statement-breakpoint
ALTER TABLE "reset_flows" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reset_flows" ADD CONSTRAINT "reset_flows_user_no_client_pk" PRIMARY KEY("user_no","client");--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "times" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_account_unread_uq" ON "alarms" USING btree ("user_no","kind") WHERE "alarms"."read_at" is null and "alarms"."board_id" = '';
