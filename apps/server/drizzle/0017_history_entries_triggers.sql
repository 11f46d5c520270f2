-- history_entries follows payments, withdrawals, investments and the ledger's adjustment
-- journals (ADR 0019): each item is rendered here once, when its source row is written, in
-- the same transaction, and a history page reads the rendered items with one keyset query.
-- The renderers must equal what services/history rendered in JS (test: history-read-model).

-- formatCents from @app/shared: "-12.05", "0.00".
CREATE OR REPLACE FUNCTION history_cents(cents bigint) RETURNS text AS $$
  SELECT CASE WHEN cents < 0 THEN '-' ELSE '' END || (abs(cents) / 100)::text || '.' || lpad((abs(cents) % 100)::text, 2, '0')
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Date#toISOString: milliseconds (truncated, as a Date holds them), UTC, "Z".
CREATE OR REPLACE FUNCTION history_iso(at timestamptz) RETURNS text AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A JSON value as JSON.stringify writes it; SQL null is JSON null.
CREATE OR REPLACE FUNCTION history_json(value anyelement) RETURNS text AS $$
  SELECT coalesce(to_json(value)::text, 'null')
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- termProfitCents: amount x basis points / 10,000, rounded half to even.
CREATE OR REPLACE FUNCTION history_term_profit(amount bigint, basis_points integer) RETURNS bigint AS $$
  SELECT CASE
    WHEN 2 * ((amount::numeric * basis_points) % 10000) > 10000
      OR (2 * ((amount::numeric * basis_points) % 10000) = 10000 AND div(amount::numeric * basis_points, 10000) % 2 = 1)
    THEN div(amount::numeric * basis_points, 10000) + 1
    ELSE div(amount::numeric * basis_points, 10000)
  END::bigint
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_payment_entry(p payments) RETURNS history_entries AS $$
  SELECT ROW(
    p.user_id, 'Transaction', p.id, p.created_at, p.status,
    CASE WHEN p.status = 'Confirmed' THEN p.amount_cents ELSE 0 END,
    'Deposit ' || p.transaction_id || CASE WHEN coalesce(p.asset, '') = '' THEN '' ELSE ' (' || p.asset || ')' END,
    p.transaction_id,
    '{"_id":' || history_json(p.id) || ',"transactionId":' || history_json(p.transaction_id)
      || ',"amount":' || history_json(history_cents(p.amount_cents)) || ',"asset":' || history_json(p.asset)
      || ',"txHash":' || history_json(p.tx_hash) || ',"notes":' || history_json(p.notes) || ',"source":' || history_json(p.source)
      || ',"createdAt":' || history_json(history_iso(p.created_at)) || ',"type":"Transaction","status":' || history_json(p.status)
      || ',"description":' || history_json('Deposit ' || p.transaction_id || CASE WHEN coalesce(p.asset, '') = '' THEN '' ELSE ' (' || p.asset || ')' END)
      || ',"timestamp":' || history_json(history_iso(p.created_at)) || '}',
    nullif(p.tx_hash, ''), p.asset
  )::history_entries
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_withdrawal_entry(w withdrawals) RETURNS history_entries AS $$
  SELECT ROW(
    w.user_id, 'Withdrawal', w.id, w.request_date, w.status,
    CASE WHEN w.status = 'Rejected' THEN 0 ELSE -w.amount_cents END,
    'Withdrawal to ' || w.asset || ' ' || left(w.wallet_address, 8) || '…' || right(w.wallet_address, 6),
    w.id,
    '{"_id":' || history_json(w.id) || ',"amount":' || history_json(history_cents(w.amount_cents))
      || ',"fee":' || history_json(history_cents(w.fee_cents)) || ',"netAmount":' || history_json(history_cents(w.amount_cents - w.fee_cents))
      || ',"asset":' || history_json(w.asset) || ',"walletAddress":' || history_json(w.wallet_address) || ',"notes":' || history_json(w.notes)
      || ',"payoutTxHash":' || history_json(w.payout_tx_hash) || ',"payoutVerified":' || history_json(w.payout_verified_at IS NOT NULL)
      || ',"payoutBlockNumber":' || history_json(w.payout_block_number) || ',"requestDate":' || history_json(history_iso(w.request_date))
      || ',"type":"Withdrawal","status":' || history_json(w.status)
      || ',"description":' || history_json('Withdrawal to ' || w.asset || ' ' || left(w.wallet_address, 8) || '…' || right(w.wallet_address, 6))
      || ',"timestamp":' || history_json(history_iso(w.request_date)) || '}',
    nullif(w.payout_tx_hash, ''), w.asset
  )::history_entries
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_investment_entry(i investments) RETURNS history_entries AS $$
  SELECT ROW(
    i.user_id, 'Investment', i.id, coalesce(i.start_date, i.created_at), i.status,
    CASE i.status WHEN 'Active' THEN -i.amount_cents WHEN 'Ended' THEN coalesce(i.profit_cents, history_term_profit(i.amount_cents, i.roi_basis_points)) ELSE 0 END,
    description,
    i.investment_id,
    '{"_id":' || history_json(i.id) || ',"investmentId":' || history_json(i.investment_id) || ',"plan":' || history_json(i.plan_name)
      || ',"planId":' || history_json(i.plan_id) || ',"amount":' || history_json(history_cents(i.amount_cents))
      || ',"maturityAmount":' || history_json(history_cents(CASE WHEN i.status = 'Rejected' THEN 0 ELSE coalesce(i.profit_cents, history_term_profit(i.amount_cents, i.roi_basis_points)) END))
      || ',"startDate":' || history_json(history_iso(i.start_date)) || ',"endDate":' || history_json(history_iso(i.end_date))
      || ',"createdAt":' || history_json(history_iso(i.created_at)) || ',"type":"Investment","status":' || history_json(i.status)
      || ',"description":' || history_json(description) || ',"timestamp":' || history_json(history_iso(coalesce(i.start_date, i.created_at))) || '}',
    NULL, NULL
  )::history_entries
  FROM (SELECT CASE WHEN i.kind = 'upgrade' THEN 'Upgrade to ' || i.plan_name || ' ' || i.investment_id
    ELSE i.plan_name || ' investment ' || i.investment_id || CASE WHEN i.end_reason = 'upgraded' THEN ' (upgraded)' ELSE '' END END AS description) d
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- The journals the history shows as their own items: staff adjustments, stand-alone fees,
-- referral bonuses (the predicate of ledger_journals_user_history_idx), with the amount of
-- their posting to a wallet.
CREATE OR REPLACE FUNCTION history_adjustment_entry(j ledger_journals, amount_cents bigint) RETURNS history_entries AS $$
  SELECT ROW(
    j.user_id, 'Adjustment', lpad(j.id::text, 20, '0'), j.created_at, 'Completed', amount_cents, j.label, j.id::text,
    '{"_id":' || history_json(j.id::text) || ',"kind":' || history_json(CASE j.kind WHEN 'balance_adjustment' THEN 'Balance adjustment'
        WHEN 'profit_adjustment' THEN 'Profit adjustment' WHEN 'fee' THEN 'Fee' WHEN 'fee_refund' THEN 'Fee refund'
        WHEN 'referral_bonus' THEN 'Referral bonus' ELSE j.kind END)
      || ',"label":' || history_json(j.label) || ',"reason":' || history_json(j.reason) || ',"amount":' || history_json(history_cents(amount_cents))
      || ',"createdAt":' || history_json(history_iso(j.created_at)) || ',"type":"Adjustment","status":"Completed"'
      || ',"description":' || history_json(j.label) || ',"timestamp":' || history_json(history_iso(j.created_at)) || '}',
    NULL, NULL
  )::history_entries
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_upsert(entry history_entries) RETURNS void AS $$
  INSERT INTO history_entries SELECT entry.*
  ON CONFLICT (type, sort_id) DO UPDATE SET user_id = excluded.user_id, at = excluded.at, status = excluded.status,
    amount_cents = excluded.amount_cents, description = excluded.description, reference = excluded.reference,
    item = excluded.item, explorer_hash = excluded.explorer_hash, asset = excluded.asset
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_follow_source() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM history_entries WHERE type = TG_ARGV[0] AND sort_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'payments' THEN
    PERFORM history_upsert(history_payment_entry(NEW));
  ELSIF TG_TABLE_NAME = 'withdrawals' THEN
    PERFORM history_upsert(history_withdrawal_entry(NEW));
  ELSE
    PERFORM history_upsert(history_investment_entry(NEW));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_history AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION history_follow_source('Transaction');
--> statement-breakpoint
CREATE TRIGGER withdrawals_history AFTER INSERT OR UPDATE OR DELETE ON withdrawals FOR EACH ROW EXECUTE FUNCTION history_follow_source('Withdrawal');
--> statement-breakpoint
CREATE TRIGGER investments_history AFTER INSERT OR UPDATE OR DELETE ON investments FOR EACH ROW EXECUTE FUNCTION history_follow_source('Investment');
--> statement-breakpoint
-- Journals and postings are immutable (0005): an adjustment item is written once, with the
-- journal's posting to a wallet.
CREATE OR REPLACE FUNCTION history_follow_posting() RETURNS trigger AS $$
BEGIN
  INSERT INTO history_entries
    SELECT (history_adjustment_entry(j, NEW.amount_cents)).*
    FROM ledger_journals j JOIN ledger_accounts a ON a.id = NEW.account_id AND a.kind = 'wallet'
    WHERE j.id = NEW.journal_id
      AND j.kind IN ('balance_adjustment', 'profit_adjustment', 'fee', 'fee_refund', 'referral_bonus') AND (j.kind <> 'fee' OR j.reference IS NULL)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_history AFTER INSERT ON ledger_postings FOR EACH ROW EXECUTE FUNCTION history_follow_posting();
--> statement-breakpoint
INSERT INTO history_entries SELECT (history_payment_entry(p)).* FROM payments p;
--> statement-breakpoint
INSERT INTO history_entries SELECT (history_withdrawal_entry(w)).* FROM withdrawals w;
--> statement-breakpoint
INSERT INTO history_entries SELECT (history_investment_entry(i)).* FROM investments i;
--> statement-breakpoint
INSERT INTO history_entries
  SELECT (history_adjustment_entry(j, p.amount_cents)).*
  FROM ledger_journals j
  JOIN ledger_postings p ON p.journal_id = j.id
  JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'wallet'
  WHERE j.kind IN ('balance_adjustment', 'profit_adjustment', 'fee', 'fee_refund', 'referral_bonus') AND (j.kind <> 'fee' OR j.reference IS NULL)
ON CONFLICT DO NOTHING;
