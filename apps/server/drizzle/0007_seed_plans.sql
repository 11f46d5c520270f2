-- The six plans of SPEC §9 (kept equal to SEED_PLANS in @app/shared by test/routes/api/invest-plans.test.ts).
-- Rates in basis points, amounts in cents, durations in seconds. Staff edit or retire them afterwards;
-- ON CONFLICT keeps this safe on a database that already has a plan of the same name.
INSERT INTO "plans" ("id", "name", "roi_basis_points", "min_cents", "max_cents", "duration_seconds", "description", "benefits") VALUES
  ('plan-basic', 'Basic', 800, 10000, 19000, 86400,
   'A one-day starter plan for a first, small investment.',
   '["8% return over a 1-day term", "Invest from $100 to $190", "Principal and profit paid to your wallet at maturity", "Upgradeable to a higher plan"]'::jsonb),
  ('plan-standard', 'Standard', 1000, 20000, 29000, 86400,
   'A one-day plan with a higher rate for a growing balance.',
   '["10% return over a 1-day term", "Invest from $200 to $290", "Principal and profit paid to your wallet at maturity", "Upgradeable to a higher plan"]'::jsonb),
  ('plan-premium', 'Premium', 1500, 30000, 39000, 86400,
   'A one-day plan for investors ready to commit more.',
   '["15% return over a 1-day term", "Invest from $300 to $390", "Principal and profit paid to your wallet at maturity", "Upgradeable to a higher plan"]'::jsonb),
  ('plan-elite', 'Elite', 1800, 40000, 49000, 86400,
   'A one-day plan with an elevated rate.',
   '["18% return over a 1-day term", "Invest from $400 to $490", "Principal and profit paid to your wallet at maturity", "Upgradeable to a higher plan"]'::jsonb),
  ('plan-diamond', 'Diamond', 2300, 50000, 60000, 86400,
   'Our highest one-day rate for larger investments.',
   '["23% return over a 1-day term", "Invest from $500 to $600", "Principal and profit paid to your wallet at maturity", "Upgradeable to the Executive plan"]'::jsonb),
  ('plan-executive', 'Executive', 2800, 70000, 100000, 172800,
   'A two-day plan with the highest return.',
   '["28% return over a 2-day term", "Invest from $700 to $1,000", "Principal and profit paid to your wallet at maturity", "Fees and payout shown before you confirm"]'::jsonb)
ON CONFLICT DO NOTHING;
