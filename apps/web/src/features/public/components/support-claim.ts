import type { TFunction } from 'i18next';
import type { PublicSettings } from '@app/shared';

/**
 * What support offers, in the app's language: only the channels and hours the operator has
 * configured ("Support is by the Help Center form, email and phone, 24/7."). The web's
 * counterpart of `supportClaim` from `@app/shared`, which stays English for the server.
 */
export function localSupportClaim(t: TFunction, settings: Pick<PublicSettings, 'supportPhone' | 'supportEmail' | 'chatEmbedUrl' | 'supportHours'>): string {
  const channels = [t('publicText:supportClaim.form')];
  if (settings.supportEmail.trim()) channels.push(t('publicText:supportClaim.email'));
  if (settings.supportPhone.trim()) channels.push(t('publicText:supportClaim.phone'));
  if (settings.chatEmbedUrl.trim()) channels.push(t('publicText:supportClaim.chat'));
  const list = channels.length === 1 ? channels[0]! : `${channels.slice(0, -1).join(', ')}${t('publicText:supportClaim.and')}${channels.at(-1)!}`;
  const hours = settings.supportHours.trim();
  return hours ? t('publicText:supportClaim.withHours', { channels: list, hours }) : t('publicText:supportClaim.claim', { channels: list });
}
