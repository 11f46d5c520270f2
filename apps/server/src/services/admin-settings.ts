import { isValidAddress, SUPPORTED_ASSETS } from '@app/shared';
import type { AppDeps } from '../deps';
import { badRequest } from '../lib/errors';
import { recordAudit, type AuditActor } from './audit';
import { getSettings, putSettings, type Settings } from './settings';

/**
 * PUT /api/admin/settings: validates what a setting cannot say about itself (a receiving
 * address must be valid for its asset, or users would send funds nowhere), writes, and
 * audits the keys that changed with their before and after values.
 */
export async function updateSettings(deps: AppDeps, auditor: AuditActor, actorId: string, patch: Partial<Settings>): Promise<Settings> {
  for (const asset of SUPPORTED_ASSETS) {
    const address = patch.depositAddresses?.[asset]?.trim();
    if (address && !isValidAddress(asset, address)) throw badRequest(`The ${asset} receiving address is not a valid ${asset} address`);
  }
  return deps.db.transaction(async (tx) => {
    const before = await getSettings(tx);
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
