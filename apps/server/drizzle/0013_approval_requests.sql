CREATE TABLE "approval_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"withdrawal_id" text,
	"operation" text,
	"amount_cents" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text
);
--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_pending_withdrawal_unique" ON "approval_requests" USING btree ("withdrawal_id") WHERE "approval_requests"."status" = 'Pending' and "approval_requests"."withdrawal_id" is not null;