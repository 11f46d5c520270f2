import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Mail, Trash2, UserCog, Eye } from 'lucide-react';
import { USER_CARD_NAME_TRUNCATE, type AdminUserView, type Role } from '@app/shared';
import { Badge, statusTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { useUserActions, userLinks } from './user-actions';

export function truncateName(name: string, length = USER_CARD_NAME_TRUNCATE): string {
  return name.length > length ? `${name.slice(0, length).trimEnd()}…` : name;
}

export const ROLE_TONES: Record<Role, 'info' | 'success' | 'neutral' | 'danger'> = {
  admin: 'info',
  author: 'success',
  subscriber: 'neutral',
  suspended: 'danger',
};

/** One of the user's amounts in the card's list. */
function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold">
        <Money value={value} />
      </dd>
    </div>
  );
}

/** A user as a card (phones and narrow screens), the name cut at 12 characters as SPEC §9 says. */
export function UserCard({ user }: { user: AdminUserView }) {
  const { t } = useTranslation('staff');
  const actions = useUserActions(user);
  const links = userLinks(user);

  const roleSelector = (
    <div className="flex gap-2">
      <label className="sr-only" htmlFor={`role-${user._id}`}>
        {t('userCard.newRoleFor', { name: user.name })}
      </label>
      <Select id={`role-${user._id}`} value={actions.role} onChange={(event) => actions.setRole(event.target.value as Role | '')} className="h-9 min-w-0 flex-1 py-1.5">
        <option value="">{t('userCard.selectRole')}</option>
        {actions.roleOptions}
      </Select>
      <Button size="sm" variant="outline" className="h-9 shrink-0" onClick={actions.askRole}>
        <UserCog className="size-4" aria-hidden /> {actions.otherAdmin ? t('userCard.requestRoleChange') : t('userCard.changeRole')}
      </Button>
    </div>
  );

  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="user-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 dark:text-white" title={user.name}>
            {truncateName(user.name)}
          </h3>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400" title={user.email}>
            {user.email}
          </p>
          <Link to={links.audit} className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-300">
            {t('userCard.auditTrail')}
          </Link>
        </div>
        <Badge tone={ROLE_TONES[user.role]}>{t(`userCard.roles.${user.role}`)}</Badge>
      </div>
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge tone={user.isVerified ? 'success' : 'warning'}>{user.isVerified ? t('userCard.emailVerified') : t('userCard.emailNotVerified')}</Badge>
        <span className="inline-flex items-center gap-1">
          <span className="text-slate-500">KYC</span> <Badge tone={statusTone(user.kycStatus)}>{t(`account:kyc.status.${user.kycStatus}`)}</Badge>
        </span>
        {actions.self && <Badge tone="info">{t('userCard.you')}</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Amount label={t('userCard.balance')} value={user.balance} />
        <Amount label={t('userCard.invested')} value={user.investmentBalance} />
        <Amount label={t('userCard.totalProfit')} value={user.totalMaturityAmount} />
        <Amount label={user.hasFees ? t('userCard.fees') : t('userCard.feesOff')} value={user.fees} />
      </dl>

      {actions.manageable ? (
        <div className="mt-auto space-y-3 border-t border-slate-100 pt-4 dark:border-slate-800">
          {roleSelector}
          <div className="grid grid-cols-[1fr_1fr_1fr_auto] gap-1">
            <Link to={links.profit} className={buttonClasses('ghost', 'sm', 'px-1 text-xs')} title={t('userCard.editProfit')}>
              {t('userCard.profit')}
            </Link>
            <Link to={links.balance} className={buttonClasses('ghost', 'sm', 'px-1 text-xs')} title={t('userCard.editBalance')}>
              {t('userCard.balanceLink')}
            </Link>
            <Link to={links.fees} className={buttonClasses('ghost', 'sm', 'px-1 text-xs')} title={t('userCard.manageFees')}>
              {t('userCard.fees')}
            </Link>
            <Link to={links.email} className={buttonClasses('ghost', 'sm', 'px-2')} aria-label={t('userCard.emailUser', { name: user.name })}>
              <Mail className="size-4" aria-hidden />
            </Link>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" className="flex-1" loading={actions.impersonating} disabled={user.role === 'suspended'} onClick={actions.startImpersonation}>
              <Eye className="size-4" aria-hidden /> {t('userCard.impersonate')}
            </Button>
            <Button size="sm" variant="danger" onClick={actions.askDelete} aria-label={t('userCard.deleteUserNamed', { name: user.name })}>
              <Trash2 className="size-4" aria-hidden /> {t('userCard.delete')}
            </Button>
          </div>
        </div>
      ) : actions.otherAdmin ? (
        <div className="mt-auto space-y-2 border-t border-slate-100 pt-4 dark:border-slate-800">
          {roleSelector}
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('userCard.adminRoleHint', { name: user.name })}</p>
        </div>
      ) : (
        <p className="mt-auto border-t border-slate-100 pt-4 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          {actions.self ? t('userCard.yourAccount') : t('userCard.lowerRolesOnly')}
        </p>
      )}
      {actions.dialogs}
    </Card>
  );
}
