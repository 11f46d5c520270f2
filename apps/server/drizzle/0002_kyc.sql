CREATE TABLE "kyc_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"front_key" text NOT NULL,
	"back_key" text NOT NULL,
	"front_mime" text NOT NULL,
	"back_mime" text NOT NULL,
	"front_size" integer NOT NULL,
	"back_size" integer NOT NULL,
	"front_name" text DEFAULT '' NOT NULL,
	"back_name" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_by_id" text,
	"reviewed_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_idx" ON "kyc_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending_per_user" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'Pending';