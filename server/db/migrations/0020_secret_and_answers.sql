ALTER TABLE "boards" ADD COLUMN "secret_posts" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "answers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "answer_to" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "answer_depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_answer_to_idx" ON "posts" USING btree ("answer_to") WHERE "posts"."answer_to" is not null;