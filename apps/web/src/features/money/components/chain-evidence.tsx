import type { ChainEvidence } from '@app/shared';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** What the chain shows of a deposit, for staff deciding it. */
export function ChainEvidenceNote({ evidence }: { evidence: ChainEvidence | null }) {
  const { t } = useTranslation('staff');
  if (!evidence) return <span className="text-slate-500">{t('chainEvidence.notWatched')}</span>;
  const link = evidence.explorerUrl && (
    <a href={evidence.explorerUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-brand-700 underline dark:text-brand-300">
      {t('chainEvidence.explorer')}
      <ExternalLink className="size-3" aria-hidden />
    </a>
  );
  switch (evidence.status) {
    case 'confirmed':
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="success">{t('chainEvidence.confirmed')}</Badge>
          <span>{t('chainEvidence.inBlock', { amount: evidence.amount, asset: evidence.asset, block: evidence.blockNumber, count: evidence.confirmations ?? 0 })}</span>
          {link}
        </span>
      );
    case 'confirming':
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="warning">{t('chainEvidence.confirming')}</Badge>
          <span>{t('chainEvidence.progress', { amount: evidence.amount, asset: evidence.asset, done: evidence.confirmations, required: evidence.confirmationsRequired })}</span>
          {link}
        </span>
      );
    case 'dropped':
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="danger">{t('chainEvidence.dropped')}</Badge>
          <span>{t('chainEvidence.droppedDetail')}</span>
        </span>
      );
    default:
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="neutral">{t('chainEvidence.notSeen')}</Badge>
          <span>{t('chainEvidence.notSeenDetail')}</span>
          {link}
        </span>
      );
  }
}
