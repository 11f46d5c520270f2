CREATE TABLE "user_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"live" bigint DEFAULT 0 NOT NULL,
	"verified" bigint DEFAULT 0 NOT NULL,
	"suspended" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_one_row" CHECK ("user_counts"."id")
);
