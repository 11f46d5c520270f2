import { eq, sql } from 'drizzle-orm';
import { applyBasisPoints, formatCents, formatUnits, type LedgerReport, type SolvencyReport } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { depositAddresses } from '../../db/schema';
import { assetCatalog, balancesAt, chainErrorText, networkName, usdCentsOf } from '../../chain';
import { postingTotals, receivedFundsFlows } from '../../ledger/reads';
import { verifyLedger } from '../../ledger/verify';
import { getSettings } from '../platform/settings';
import { selectRows } from '../../db/rows';

/** Whether a table exists (features land independently; the back office reads what is there). */
export async function tableExists(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await selectRows<{ present: boolean }>(db, sql`select to_regclass(${name}) is not null as present`);
  return Boolean(row?.present);
}

/** GET /api/ledger/verify: the ledger's own check of every journal and balance (read-only). */
export function checkLedger(db: DbOrTx): Promise<LedgerReport> {
  return verifyLedger(db);
}

/**
 * GET /api/admin/solvency: what users are owed (balances, holds, invested principal, profit
 * due at maturity) against what the platform has received and paid out, all from the
 * ledger's postings, with ledger verify's result.
 */
export async function solvencyReport(db: DbOrTx): Promise<Omit<SolvencyReport, 'onchain'>> {
  const kind = await postingTotals(db);
  const get = (name: string) => kind.get(name) ?? 0;
  const { receivedCents, paidCents } = await receivedFundsFlows(db);

  let profitDueCents = 0;
  let activeInvestments = 0;
  if (await tableExists(db, 'investments')) {
    // Profit is computed per investment the way maturity credits it (basis points, half to even).
    const active = await selectRows<{ amount: string; bp: number }>(db, sql`select amount_cents::text as amount, roi_basis_points as bp from investments where status = 'Active'`);
    profitDueCents = active.reduce((sum, row) => sum + applyBasisPoints(Number(row.amount), Number(row.bp)), 0);
    activeInvestments = active.length;
  }

  const wallet = get('wallet');
  const held = get('held');
  const invested = get('invested');
  const owedCents = wallet + held + invested + profitDueCents;
  const netCents = receivedCents - paidCents;
  let ledger: SolvencyReport['ledger'] = null;
  try {
    const report = await verifyLedger(db);
    ledger = {
      ok: report.ok,
      checkedAt: report.checkedAt,
      journals: report.journals,
      postings: report.postings,
      accounts: report.accounts,
      problems: report.problems,
    };
  } catch {
    ledger = null;
  }
  return {
    owed: {
      balances: formatCents(wallet + held),
      available: formatCents(wallet),
      held: formatCents(held),
      investedPrincipal: formatCents(invested),
      profitDueAtMaturity: formatCents(profitDueCents),
      total: formatCents(owedCents),
    },
    flows: {
      received: formatCents(receivedCents),
      paidOut: formatCents(paidCents),
      feeIncome: formatCents(get('fee_income')),
      profitPaid: formatCents(-get('profit_expense')),
      adjustments: formatCents(-get('adjustments')),
      net: formatCents(netCents),
    },
    surplus: formatCents(netCents - owedCents),
    activeInvestments,
    ledger,
  };
}

/** Summing balances costs one RPC call per address and asset: totals are kept this long. */
const HOLDINGS_TTL_MS = 60_000;
/** Beyond this many addresses the total is not read on request (it would take minutes). */
const MAX_ADDRESSES = 2_000;
const holdingsCache = new WeakMap<AppDeps, { at: number; value: Promise<NonNullable<SolvencyReport['onchain']>> }>();

/**
 * What the users' own EVM deposit addresses hold on chain now, per asset (PRODUCT §4 solvency
 * view): beside what users are owed. Funds the operator has swept away are not counted here.
 */
export async function onchainHoldings(deps: AppDeps): Promise<SolvencyReport['onchain']> {
  const chain = deps.chain.evm;
  if (!chain) return null;
  const cached = holdingsCache.get(deps);
  if (cached && deps.now().getTime() - cached.at < HOLDINGS_TTL_MS) return cached.value;
  const value = (async () => {
    const checkedAt = deps.now().toISOString();
    const addresses = await deps.db.select({ address: depositAddresses.address }).from(depositAddresses).where(eq(depositAddresses.network, 'evm'));
    const assets = assetCatalog((await getSettings(deps.db)).evmTokens).filter((asset) => asset.network === 'evm' && (asset.contract || asset.symbol === 'ETH'));
    let chainId: number | null = null;
    try {
      chainId = await chain.chainId();
      if (addresses.length > MAX_ADDRESSES) {
        return { network: networkName('evm', { chainId }), chainId, addresses: addresses.length, assets: [], checkedAt, message: `${addresses.length} addresses are too many to total on request (at most ${MAX_ADDRESSES}).` };
      }
      const totals = await balancesAt(chain, addresses.map((row) => row.address as `0x${string}`), assets);
      return {
        network: networkName('evm', { chainId }),
        chainId,
        addresses: addresses.length,
        assets: assets.map((asset) => {
          const raw = totals.get(asset.symbol) ?? 0n;
          return { asset: asset.symbol, amount: formatUnits(raw, asset.decimals), usdValue: asset.usdPegged ? formatCents(Number(usdCentsOf(raw, asset.decimals).cents)) : null };
        }),
        checkedAt,
        message: null,
      };
    } catch (error) {
      holdingsCache.delete(deps);
      return { network: networkName('evm', { chainId }), chainId, addresses: addresses.length, assets: [], checkedAt, message: `The chain could not be read: ${chainErrorText(error, deps.chain.config.evmRpcUrl)}` };
    }
  })();
  holdingsCache.set(deps, { at: deps.now().getTime(), value });
  return value;
}
