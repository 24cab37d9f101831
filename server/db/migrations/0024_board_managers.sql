CREATE TABLE "board_managers" (
	"board_id" text NOT NULL,
	"user_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_managers_board_id_user_no_pk" PRIMARY KEY("board_id","user_no")
);
--> statement-breakpoint
ALTER TABLE "board_managers" ADD CONSTRAINT "board_managers_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "board_managers" ADD CONSTRAINT "board_managers_user_no_users_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_managers_user_idx" ON "board_managers" USING btree ("user_no");