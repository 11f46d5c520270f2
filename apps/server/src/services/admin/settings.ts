import { CHAIN_NETWORKS, isValidAddress } from '@app/shared';
import type { AppDeps } from '../../deps';
import { assetCatalog, parseWatchKey, WatchKeyError } from '../../chain';
import { badRequest } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../platform/audit';
import type { Settings } from '@app/shared';
import { getSettings, putSettings } from '../platform/settings';

/**
 * What a setting cannot say about itself: a receiving address must be valid for its asset
 * (or users would send funds nowhere) and name an open asset; a watch-only key must be an
 * extended public key of its network (a private key or seed phrase is refused and never
 * stored). Throws 400 naming the problem.
 */
function checkSettings(current: Settings, patch: Partial<Settings>): void {
  for (const network of CHAIN_NETWORKS) {
    const key = patch.watchKeys?.[network];
    if (!key) continue;
    try {
      parseWatchKey(network, key);
    } catch (error) {
      if (error instanceof WatchKeyError) throw badRequest(error.message);
      throw error;
    }
  }
  const catalog = assetCatalog(patch.evmTokens ?? current.evmTokens);
  for (const [asset, rawAddress] of Object.entries(patch.depositAddresses ?? {})) {
    const address = rawAddress.trim();
    if (!address) continue;
    if (!catalog.some((known) => known.symbol === asset)) throw badRequest(`${asset} is not an asset: add it as a token first`);
    if (!isValidAddress(asset, address)) throw badRequest(`The ${asset} receiving address is not a valid ${asset} address`);
  }
}

/**
 * PUT /api/admin/settings: validates, writes, and audits the keys that changed with their
 * before and after values (watch-only keys are public, so they may be shown).
 */
export async function updateSettings(deps: AppDeps, auditor: AuditActor, actorId: string, patch: Partial<Settings>): Promise<Settings> {
  return deps.db.transaction(async (tx) => {
    const before = await getSettings(tx);
    checkSettings(before, patch);
    const after = await putSettings(tx, patch, actorId);
    const changed = (Object.keys(patch) as Array<keyof Settings>).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length > 0) {
      await recordAudit(tx, auditor, {
        action: 'settings.update',
        targetType: 'settings',
        targetId: changed.join(','),
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      });
    }
    return after;
  });
}

/**
 * A fresh install takes its watch-only keys, tokens and explorer link from the environment
 * (DEPOSIT_XPUB_EVM, DEPOSIT_XPUB_BTC, EVM_TOKENS, EVM_EXPLORER_URL): each is written once,
 * where the setting was never set, so admins' later edits stand. loadConfig has checked them.
 */
export async function applyChainSettingsFromEnvironment(deps: AppDeps): Promise<void> {
  const { config } = deps.chain;
  const settings = await getSettings(deps.db);
  const patch: Partial<Settings> = {};
  const watchKeys = { ...settings.watchKeys };
  if (config.depositXpubEvm && !watchKeys.evm) watchKeys.evm = config.depositXpubEvm;
  if (config.depositXpubBtc && !watchKeys.btc) watchKeys.btc = config.depositXpubBtc;
  if (JSON.stringify(watchKeys) !== JSON.stringify(settings.watchKeys)) patch.watchKeys = watchKeys;
  if (config.evmTokens && settings.evmTokens.length === 0) patch.evmTokens = config.evmTokens;
  if (config.evmExplorerUrl && !settings.explorerTxUrl) patch.explorerTxUrl = config.evmExplorerUrl;
  if (Object.keys(patch).length > 0) await putSettings(deps.db, patch, null);
}
