import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { translateFrom } from '../../../i18n/messages';
import { cn } from '../../../lib/cn';
import type { TFunction } from 'i18next';
import { HISTORY_TYPES, historyShownAmount, INVESTMENT_STATUSES, PAYMENT_STATUSES, WITHDRAWAL_STATUSES, type HistoryType } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Select } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { historyQueryString, useHistoryQuery, type HistoryItem } from '../api/money-api';
import { formatDateTime, formatMoney } from '../../../i18n/format';

const PAGE_SIZE = 20;
/** Each type's words: its filter option (plural) and its row label, under historyPage.types and historyPage.rowTypes. */
const TYPE_KEYS: Record<HistoryType, 'deposit' | 'investment' | 'withdrawal' | 'adjustment'> = { Transaction: 'deposit', Investment: 'investment', Withdrawal: 'withdrawal', Adjustment: 'adjustment' };
const STATUSES = Array.from(new Set<string>([...PAYMENT_STATUSES, ...INVESTMENT_STATUSES, ...WITHDRAWAL_STATUSES, 'Completed']));

/** A second line under the description (the deposit's id is already in its description). */
function reference(item: HistoryItem, t: TFunction<'app'>): string {
  if (item.type === 'Transaction') return item.txHash ? t('historyPage.tx', { hash: String(item.txHash).slice(0, 12) }) : '';
  return String(item.investmentId ?? item.kind ?? '');
}

/** The table's head: each column's label key and alignment. */
const COLUMNS: Array<[key: string, align?: string]> = [
  ['historyPage.columns.date'],
  ['historyPage.type'],
  ['historyPage.columns.details'],
  ['historyPage.status'],
  ['historyPage.columns.amount', 'text-right'],
];

export function HistoryPage() {
  const { t, i18n } = useTranslation('app');
  // The server writes descriptions in the spec's English ("Deposit TX-1 (USDT)"), shown in the app's language by a
  // table keyed by that English (read as stored: t() would take the colons in its keys for namespaces).
  const descriptions = (i18n.getResourceBundle(i18n.language, 'app') as { historyPage?: { descriptions?: Record<string, string> } } | undefined)?.historyPage?.descriptions;
  useDocumentTitle(t('historyPage.title'), t('historyPage.metaDescription'));
  const [type, setType] = useState<HistoryType | ''>('');
  const [status, setStatus] = useState('');
  // Cursor pagination: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const { data, isLoading, isError, isFetching } = useHistoryQuery({ type, status, cursor, limit: PAGE_SIZE });
  const items = data?.history ?? [];

  function filter(next: { type?: HistoryType | ''; status?: string }) {
    if (next.type !== undefined) setType(next.type);
    if (next.status !== undefined) setStatus(next.status);
    setCursors([null]);
  }

  const csvHref = `/api/invest/getTransactionHistory${historyQueryString({ type, status, format: 'csv' })}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('historyPage.title')}
        description={t('historyPage.description')}
        actions={
          <a className={buttonClasses('outline', 'sm')} href={csvHref} download="transaction-history.csv">
            <Download className="size-4" aria-hidden /> {t('historyPage.export')}
          </a>
        }
      />
      <Card className="p-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('historyPage.type')}>
            {(props) => (
              <Select {...props} value={type} onChange={(event) => filter({ type: event.target.value as HistoryType | '' })}>
                <option value="">{t('historyPage.allTypes')}</option>
                {HISTORY_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`historyPage.types.${TYPE_KEYS[value]}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('historyPage.status')}>
            {(props) => (
              <Select {...props} value={status} onChange={(event) => filter({ status: event.target.value })}>
                <option value="">{t('historyPage.allStatuses')}</option>
                {STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`status.${value}`, { defaultValue: value })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </Card>
      {isLoading ? (
        <Spinner label={t('historyPage.loading')} />
      ) : isError ? (
        <Alert tone="danger" title={t('historyPage.failed')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('historyPage.empty.title')}>{t('historyPage.empty.body')}</EmptyState>
      ) : (
        <Card className="overflow-hidden p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('historyPage.title')}</caption>
            <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-500 sm:table-header-group dark:bg-slate-800 dark:text-slate-400">
              <tr>
                {COLUMNS.map(([key, align]) => (
                  <th key={key} scope="col" className={cn('px-4 py-3', align)}>
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {items.map((item) => (
                <tr key={`${item.type}-${item._id}`} className="grid grid-cols-2 gap-1 px-4 py-3 sm:table-row sm:p-0">
                  <td className="text-xs text-slate-500 sm:px-4 sm:py-3 sm:text-sm dark:text-slate-400">{formatDateTime(item.timestamp)}</td>
                  <td className="text-right font-medium sm:px-4 sm:py-3 sm:text-left">{t(`historyPage.rowTypes.${TYPE_KEYS[item.type]}`)}</td>
                  <td className="col-span-2 min-w-0 sm:px-4 sm:py-3">
                    <span className="block truncate text-slate-900 dark:text-slate-100">{translateFrom(descriptions, item.description)}</span>
                    {reference(item, t) && <span className="block text-xs text-slate-500">{reference(item, t)}</span>}
                    {item.type === 'Withdrawal' && item.fee && item.fee !== '0.00' && <span className="block text-xs text-slate-500">{t('historyPage.fee', { amount: formatMoney(item.fee) })}</span>}
                    {item.type === 'Transaction' && typeof item.txHash === 'string' && (
                      <span className="block text-xs text-slate-500">
                        {item.source === 'chain' ? `${t('historyPage.receivedOnChain')} · ` : ''}
                        <TxLink hash={item.txHash} href={typeof item.explorerUrl === 'string' ? item.explorerUrl : null} />
                      </span>
                    )}
                    {item.type === 'Withdrawal' && typeof item.payoutTxHash === 'string' && (
                      <span className="block text-xs text-slate-500">
                        {item.payoutVerified
                          ? typeof item.payoutBlockNumber === 'number'
                            ? t('historyPage.verifiedInBlock', { block: item.payoutBlockNumber })
                            : t('historyPage.verified')
                          : t('historyPage.paid')}
                        {' · '}
                        <TxLink hash={item.payoutTxHash} href={typeof item.payoutExplorerUrl === 'string' ? item.payoutExplorerUrl : null} />
                      </span>
                    )}
                  </td>
                  <td className="sm:px-4 sm:py-3">
                    <StatusBadge status={item.status} />
                  </td>
                  <td className="text-right font-semibold tabular-nums sm:px-4 sm:py-3">
                    <Money value={historyShownAmount(item.type, item.amount)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <nav aria-label={t('historyPage.pages')} className="flex items-center justify-between">
        <Button variant="outline" size="sm" disabled={cursors.length <= 1 || isFetching} onClick={() => setCursors((list) => list.slice(0, -1))}>
          {t('historyPage.previous')}
        </Button>
        <span className="text-sm text-slate-500">{t('historyPage.page', { page: cursors.length })}</span>
        <Button variant="outline" size="sm" disabled={!data?.nextCursor || isFetching} onClick={() => data?.nextCursor && setCursors((list) => [...list, data.nextCursor])}>
          {t('historyPage.next')}
        </Button>
      </nav>
    </div>
  );
}

/** A transaction hash, shortened, linking to the block explorer when one is configured. */
function TxLink({ hash, href }: { hash: string; href: string | null }) {
  const { t } = useTranslation('app');
  const short = `${hash.slice(0, 10)}…${hash.slice(-6)}`;
  if (!href) return <span className="font-mono" title={hash}>{short}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="font-mono text-brand-700 underline dark:text-brand-300" title={hash}>
      {short}
      <span className="sr-only"> {t('onchainDeposits.opensExplorer')}</span>
    </a>
  );
}
