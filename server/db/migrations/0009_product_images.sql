ALTER TABLE "files" ADD COLUMN "product_id" integer;--> statement-breakpoint
CREATE INDEX "files_product_idx" ON "files" USING btree ("product_id") WHERE "files"."product_id" is not null;