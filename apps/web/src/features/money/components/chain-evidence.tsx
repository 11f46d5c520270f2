import type { ChainEvidence } from '@app/shared';
import { ExternalLink } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** What the chain shows of a deposit, for staff deciding it. */
export function ChainEvidenceNote({ evidence }: { evidence: ChainEvidence | null }) {
  if (!evidence) return <span className="text-slate-500">No chain is watched for this asset: check the payment by hand.</span>;
  const link = evidence.explorerUrl && (
    <a href={evidence.explorerUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-brand-700 underline dark:text-brand-300">
      Explorer
      <ExternalLink className="size-3" aria-hidden />
    </a>
  );
  switch (evidence.status) {
    case 'confirmed':
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="success">Confirmed on chain</Badge>
          <span>
            {evidence.amount} {evidence.asset} in block {evidence.blockNumber} · {evidence.confirmations} confirmations
          </span>
          {link}
        </span>
      );
    case 'confirming':
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="warning">Confirming</Badge>
          <span>
            {evidence.amount} {evidence.asset} · {evidence.confirmations} of {evidence.confirmationsRequired} confirmations
          </span>
          {link}
        </span>
      );
    case 'dropped':
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="danger">Dropped</Badge>
          <span>Its block left the chain: it is not on chain now.</span>
        </span>
      );
    default:
      return (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="neutral">Not seen</Badge>
          <span>No transfer with this hash reached the user&apos;s deposit address.</span>
          {link}
        </span>
      );
  }
}
