import type { ChainEvidence } from '@app/shared';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

const TONES = { confirmed: 'success', confirming: 'warning', dropped: 'danger', 'not-seen': 'neutral' } as const;

/** What the chain shows of a deposit, for staff deciding it. */
export function ChainEvidenceNote({ evidence }: { evidence: ChainEvidence | null }) {
  const { t } = useTranslation('staff');
  if (!evidence) return <span className="text-slate-500">{t('chainEvidence.notWatched')}</span>;
  const { amount, asset, confirmations, confirmationsRequired, blockNumber } = evidence;
  const said = {
    confirmed: { badge: t('chainEvidence.confirmed'), detail: t('chainEvidence.inBlock', { amount, asset, block: blockNumber, count: confirmations ?? 0 }) },
    confirming: { badge: t('chainEvidence.confirming'), detail: t('chainEvidence.progress', { amount, asset, done: confirmations, required: confirmationsRequired }) },
    dropped: { badge: t('chainEvidence.dropped'), detail: t('chainEvidence.droppedDetail') },
    'not-seen': { badge: t('chainEvidence.notSeen'), detail: t('chainEvidence.notSeenDetail') },
  }[evidence.status];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={TONES[evidence.status]}>{said.badge}</Badge>
      <span>{said.detail}</span>
      {evidence.explorerUrl && evidence.status !== 'dropped' && (
        <a href={evidence.explorerUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-brand-700 underline dark:text-brand-300">
          {t('chainEvidence.explorer')}
          <ExternalLink className="size-3" aria-hidden />
        </a>
      )}
    </span>
  );
}
