CREATE TABLE "gear_dismissals" (
	"user_no" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gear_dismissals_user_no_product_id_pk" PRIMARY KEY("user_no","product_id")
);
--> statement-breakpoint
CREATE TABLE "gear_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"product_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_settings" (
	"user_no" integer PRIMARY KEY NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gear_dismissals" ADD CONSTRAINT "gear_dismissals_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_dismissals" ADD CONSTRAINT "gear_dismissals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_items" ADD CONSTRAINT "gear_items_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_items" ADD CONSTRAINT "gear_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_settings" ADD CONSTRAINT "gear_settings_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gear_items_member_product_idx" ON "gear_items" USING btree ("user_no","product_id");--> statement-breakpoint
CREATE INDEX "gear_items_product_idx" ON "gear_items" USING btree ("product_id","user_no");