CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_no" integer NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_key" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	"product_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"company" text NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"name_ko" text DEFAULT '' NOT NULL,
	"exif_make" text DEFAULT '' NOT NULL,
	"exif_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mount" text DEFAULT '' NOT NULL,
	"crop_factor" real,
	"focal_min" real,
	"focal_max" real,
	"aperture_min" real,
	"aperture_max" real,
	"announced" text DEFAULT '' NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"merged_into" integer,
	"source" text NOT NULL,
	"catalogue_id" text,
	"edited" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "camera_product_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "lens_product_id" integer;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_no_users_no_fk" FOREIGN KEY ("actor_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_maps" ADD CONSTRAINT "product_maps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_maps" ADD CONSTRAINT "product_maps_created_by_users_no_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_kind","target_key","at");--> statement-breakpoint
CREATE INDEX "product_maps_product_idx" ON "product_maps" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_key_idx" ON "products" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_catalogue_idx" ON "products" USING btree ("catalogue_id");--> statement-breakpoint
CREATE INDEX "products_list_idx" ON "products" USING btree ("type","company","hidden","brand","name");--> statement-breakpoint
CREATE INDEX "files_camera_product_idx" ON "files" USING btree ("camera_product_id");--> statement-breakpoint
CREATE INDEX "files_lens_product_idx" ON "files" USING btree ("lens_product_id");