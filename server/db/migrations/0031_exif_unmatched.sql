CREATE TABLE "exif_unmatched" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"make" text,
	"model" text,
	"photos" integer DEFAULT 0 NOT NULL,
	"ignored" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exif_unmatched_name_idx" ON "exif_unmatched" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "exif_unmatched_seen_idx" ON "exif_unmatched" USING btree ("ignored","last_seen_at");--> statement-breakpoint
CREATE INDEX "files_unmatched_camera_idx" ON "files" USING btree (("exif" ->> 'camera'),"created_at") WHERE "files"."camera_product_id" is null and "files"."exif" ->> 'camera' is not null;--> statement-breakpoint
CREATE INDEX "files_unmatched_lens_idx" ON "files" USING btree (("exif" ->> 'lens'),"created_at") WHERE "files"."lens_product_id" is null and "files"."exif" ->> 'lens' is not null;--> statement-breakpoint
-- The names photos uploaded so far carry without a product (decision 52): counted once here, kept
-- up at upload from now on. Lens texts that name nothing ("----", "0", "Unknown") are left out as
-- the upload leaves them out (products/exif-match.ts NO_LENS).
INSERT INTO "exif_unmatched" ("kind", "name", "photos", "last_seen_at", "created_at")
SELECT 'body', "exif" ->> 'camera', count(*), max("created_at"), min("created_at") FROM "files"
WHERE "camera_product_id" IS NULL AND "exif" ->> 'camera' IS NOT NULL
GROUP BY "exif" ->> 'camera'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "exif_unmatched" ("kind", "name", "photos", "last_seen_at", "created_at")
SELECT 'lens', "exif" ->> 'lens', count(*), max("created_at"), min("created_at") FROM "files"
WHERE "lens_product_id" IS NULL AND "exif" ->> 'lens' IS NOT NULL
  AND "exif" ->> 'lens' !~* '^(-+|0+|unknown.*|n/?a|none|manual lens.*|\(\d+\))$'
GROUP BY "exif" ->> 'lens'
ON CONFLICT DO NOTHING;
