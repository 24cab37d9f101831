CREATE TABLE "import_map" (
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"old_id" text NOT NULL,
	"new_key" bigint,
	"new_id" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_map_source_kind_old_id_pk" PRIMARY KEY("source","kind","old_id")
);
