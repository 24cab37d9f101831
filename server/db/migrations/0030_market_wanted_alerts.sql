CREATE TABLE "market_alert_sent" (
	"source" text NOT NULL,
	"source_key" bigint NOT NULL,
	"item_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_alert_sent_source_source_key_item_key_pk" PRIMARY KEY("source","source_key","item_key")
);
--> statement-breakpoint
CREATE TABLE "market_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_no" integer NOT NULL,
	"product_id" integer,
	"query" text,
	"max_price" bigint,
	"region" text,
	"condition" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_items" ADD COLUMN "kind" text DEFAULT 'sell' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_items" ADD COLUMN "price_min" bigint;--> statement-breakpoint
ALTER TABLE "market_alerts" ADD CONSTRAINT "market_alerts_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_alerts" ADD CONSTRAINT "market_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_alerts_user_idx" ON "market_alerts" USING btree ("user_no","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_alerts_product_idx" ON "market_alerts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "market_items_wanted_idx" ON "market_items" USING btree ("bumped_at" DESC NULLS LAST,"post_key" DESC NULLS LAST) WHERE "market_items"."kind" = 'wanted' and "market_items"."deleted_at" is null;