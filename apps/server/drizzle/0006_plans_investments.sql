CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"roi_basis_points" integer NOT NULL,
	"min_cents" bigint NOT NULL,
	"max_cents" bigint NOT NULL,
	"duration_seconds" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_rate_positive" CHECK ("plans"."roi_basis_points" > 0),
	CONSTRAINT "plans_range" CHECK ("plans"."min_cents" > 0 and "plans"."max_cents" >= "plans"."min_cents"),
	CONSTRAINT "plans_duration_positive" CHECK ("plans"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" text PRIMARY KEY NOT NULL,
	"investment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"roi_basis_points" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"profit_cents" bigint,
	"kind" text DEFAULT 'new' NOT NULL,
	"upgrade_from_id" text,
	"top_up_cents" bigint DEFAULT 0 NOT NULL,
	"upgraded_to_id" text,
	"end_reason" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "investments_amount_nonnegative" CHECK ("investments"."amount_cents" >= 0),
	CONSTRAINT "investments_top_up_nonnegative" CHECK ("investments"."top_up_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_unique" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "investments_investment_id_unique" ON "investments" USING btree ("investment_id");--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "investments_pending_idx" ON "investments" USING btree ("status","created_at") WHERE "investments"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "investments_due_idx" ON "investments" USING btree ("end_date") WHERE "investments"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "investments_pending_upgrade_unique" ON "investments" USING btree ("upgrade_from_id") WHERE "investments"."status" = 'Pending' and "investments"."upgrade_from_id" is not null;