CREATE TABLE "history_entries" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"sort_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"reference" text NOT NULL,
	"item" text NOT NULL,
	"explorer_hash" text,
	"asset" text,
	CONSTRAINT "history_entries_type_sort_id_pk" PRIMARY KEY("type","sort_id")
);
--> statement-breakpoint
CREATE INDEX "history_entries_page_idx" ON "history_entries" USING btree ("user_id","at" DESC NULLS LAST,"type" DESC NULLS LAST,("sort_id" collate "C") desc);