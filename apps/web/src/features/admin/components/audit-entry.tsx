import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, type AuditItem } from '@app/shared';
import { formatMoney, localeDateFormat } from '../../../i18n/format';
import { auditChanges, auditSentence, type AuditPerson } from './audit-sentence';

const when = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** A translated sentence with its `{{placeholders}}` filled by nodes (people as links), so a name is always text, never markup. */
function fill(text: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{\{\s*(\w+)\s*\}\}/).map((part, index) => (index % 2 === 0 ? part : <span key={index}>{nodes[part] ?? ''}</span>));
}

/** A person of an entry, linked to their row in the users list (searched by their email). */
function Person({ person, fallback }: { person: AuditPerson; fallback: string }) {
  const name = person.name ?? fallback;
  if (!person.email) return <strong className="font-semibold text-slate-900 dark:text-white">{name}</strong>;
  return (
    <Link to={`/admin/users?search=${encodeURIComponent(person.email)}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
      {name}
    </Link>
  );
}

/** A value in the before/after list: money as dollars, yes/no, dates, other values as they are. */
function useShowValue() {
  const { t } = useTranslation('staff');
  return (field: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('auditLog.yes') : t('auditLog.no');
    if (typeof value === 'number' && /Cents$/.test(field) && Number.isSafeInteger(value)) return formatMoney(formatCents(value));
    if (typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value)) return formatMoney(value);
    if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return when.format(new Date(value));
    if (typeof value === 'string') return value;
    return JSON.stringify(value);
  };
}

/** One audit entry: when, the sentence (who did what to whom), what changed, the reason, and the raw record behind a toggle. */
export function AuditEntry({ item }: { item: AuditItem }) {
  const { t } = useTranslation('staff');
  const showValue = useShowValue();
  const sentence = auditSentence(item, formatMoney, (role) => (role ? t(`userCard.roles.${role}`, { defaultValue: role }) : '—'));
  const changes = auditChanges(item);
  const nodes: Record<string, ReactNode> = {
    actor: <Person person={sentence.people.actor} fallback={t('auditLog.system')} />,
    ...(sentence.people.target && { target: <Person person={sentence.people.target} fallback={t('auditLog.someone')} /> }),
    ...(sentence.people.owner && { owner: <Person person={sentence.people.owner} fallback={t('auditLog.someone')} /> }),
    ...Object.fromEntries(Object.entries(sentence.values).map(([key, value]) => [key, <strong key={key} className="font-semibold text-slate-900 dark:text-white">{value}</strong>])),
  };
  return (
    <li className="grid gap-1 px-5 py-4 text-sm lg:grid-cols-[9.5rem_1fr] lg:gap-4" data-testid="audit-entry">
      <time dateTime={item.at} className="text-xs text-slate-500 lg:pt-0.5 dark:text-slate-400">
        {when.format(new Date(item.at))}
      </time>
      <div className="min-w-0 space-y-2">
        <p className="text-slate-700 dark:text-slate-200">
          {fill(t(`auditLog.sentences.${sentence.key}`, { skipInterpolation: true }), nodes)}
          {item.impersonatorId && <span className="text-slate-500"> {t('auditPage.impersonatedBy', { name: item.impersonatorName ?? t('auditLog.someone') })}</span>}
        </p>
        {changes.length > 0 && (
          <dl className="grid w-fit grid-cols-[auto_auto_auto_auto] items-baseline gap-x-3 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-xs dark:bg-slate-800/60">
            {changes.map((change) => (
              <div key={change.field} className="contents">
                <dt className="font-medium text-slate-500 dark:text-slate-400">{t(`auditLog.fields.${change.field}`, { defaultValue: change.field })}</dt>
                <dd className="text-slate-500 line-through decoration-slate-400/60 dark:text-slate-400">{showValue(change.field, change.before)}</dd>
                <dd aria-label={t('auditPage.changedTo')} className="text-slate-400">
                  →
                </dd>
                <dd className="font-medium text-slate-900 dark:text-white">{showValue(change.field, change.after)}</dd>
              </div>
            ))}
          </dl>
        )}
        {item.reason && <p className="text-xs text-slate-600 dark:text-slate-400">{t('auditPage.reason', { reason: item.reason })}</p>}
        <details className="group text-xs">
          <summary className="cursor-pointer select-none text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200">{t('auditLog.details')}</summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-[11px] leading-relaxed text-slate-100">{JSON.stringify(item, null, 2)}</pre>
        </details>
      </div>
    </li>
  );
}
