import type { PayoutProof as Proof } from '@app/shared';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** The payout transaction of an approved withdrawal, and whether the chain confirmed it. */
export function PayoutProof({ payout }: { payout: Proof }) {
  const { t } = useTranslation('staff');
  const hash = `${payout.txHash.slice(0, 12)}…${payout.txHash.slice(-8)}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      {payout.verified ? <Badge tone="success">{t('payoutProof.verified')}</Badge> : <Badge tone="neutral">{t('payoutProof.notChecked')}</Badge>}
      {payout.verified && payout.blockNumber !== null && <span>{t('payoutProof.block', { number: payout.blockNumber })}</span>}
      {payout.explorerUrl ? (
        <a href={payout.explorerUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-mono text-brand-700 underline dark:text-brand-300">
          {hash}
          <ExternalLink className="size-3" aria-hidden />
          <span className="sr-only">{t('payoutProof.opensExplorer')}</span>
        </a>
      ) : (
        <span className="break-all font-mono text-xs" title={payout.txHash}>
          {hash}
        </span>
      )}
    </span>
  );
}
