CREATE TABLE "chain_cursors" (
	"network" text NOT NULL,
	"chain_id" integer NOT NULL,
	"next_block" bigint NOT NULL,
	"last_block_hash" text,
	"tip_block" bigint NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_cursors_network_chain_id_pk" PRIMARY KEY("network","chain_id")
);
--> statement-breakpoint
CREATE TABLE "deposit_address_counters" (
	"network" text NOT NULL,
	"key_fingerprint" text NOT NULL,
	"next_index" integer NOT NULL,
	CONSTRAINT "deposit_address_counters_network_key_fingerprint_pk" PRIMARY KEY("network","key_fingerprint")
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"network" text NOT NULL,
	"key_fingerprint" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onchain_deposits" (
	"id" text PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"asset" text NOT NULL,
	"token_contract" text,
	"raw_amount" numeric(78, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"amount_cents" bigint,
	"dust_raw" numeric(78, 0),
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'Confirming' NOT NULL,
	"payment_id" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "source" text DEFAULT 'reported' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_tx_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_chain_id" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_block_number" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user_key_unique" ON "deposit_addresses" USING btree ("user_id","network","key_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_index_unique" ON "deposit_addresses" USING btree ("network","key_fingerprint","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_unique" ON "deposit_addresses" USING btree ("network",lower("address"));--> statement-breakpoint
CREATE UNIQUE INDEX "onchain_deposits_transfer_unique" ON "onchain_deposits" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "onchain_deposits_payment_unique" ON "onchain_deposits" USING btree ("payment_id") WHERE "onchain_deposits"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "onchain_deposits_user_idx" ON "onchain_deposits" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "onchain_deposits_confirming_idx" ON "onchain_deposits" USING btree ("chain_id","block_number") WHERE "onchain_deposits"."status" = 'Confirming';--> statement-breakpoint
CREATE INDEX "onchain_deposits_tx_hash_idx" ON "onchain_deposits" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "payments_tx_hash_idx" ON "payments" USING btree (lower("tx_hash")) WHERE "payments"."tx_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_tx_unique" ON "withdrawals" USING btree (lower("payout_tx_hash")) WHERE "withdrawals"."payout_tx_hash" is not null;