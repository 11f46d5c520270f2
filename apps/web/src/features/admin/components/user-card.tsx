import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Mail, Trash2, UserCog, Eye } from 'lucide-react';
import { ADMIN_MESSAGES, ADMIN_REMOVAL_ROLES, grantableRoles, roleRank, USER_CARD_NAME_TRUNCATE, type AdminUserView, type Role } from '@app/shared';
import { Badge, statusTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { ApiError, apiFetch, errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { requestAutomatedEmail } from '../../../lib/automated-email';
import { useTranslateMessage } from '../../../i18n/messages';
import { useDeleteUserMutation, useUpgradeUserMutation } from '../api/admin-api';

export function truncateName(name: string, length = USER_CARD_NAME_TRUNCATE): string {
  return name.length > length ? `${name.slice(0, length).trimEnd()}…` : name;
}

const ROLE_TONES: Record<Role, 'info' | 'success' | 'neutral' | 'danger'> = {
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

/** The reload into the user's view (tests replace it: jsdom cannot navigate). */
export const browser = {
  reload: (url: string) => window.location.assign(url),
};

/** The outcome of starting impersonation: the server's message, or why it failed (SPEC §8). */
type ImpersonationOutcome = { ok: true; message: string } | { ok: false; message: string };

async function impersonate(id: string): Promise<ImpersonationOutcome> {
  try {
    const result = await apiFetch<{ message: string }>(`/api/users/impersonate/${encodeURIComponent(id)}`, { method: 'POST' });
    return { ok: true, message: result.message };
  } catch (error) {
    return { ok: false, message: error instanceof ApiError && error.status >= 500 ? ADMIN_MESSAGES.somethingWrong : errorMessage(error, ADMIN_MESSAGES.somethingWrong) };
  }
}

export function UserCard({ user }: { user: AdminUserView }) {
  const { t } = useTranslation('staff');
  const translate = useTranslateMessage();
  const viewer = useCurrentUser();
  const [role, setRole] = useState<Role | ''>('');
  const [confirm, setConfirm] = useState<'role' | 'delete' | null>(null);
  const [upgradeUser, upgrade] = useUpgradeUserMutation();
  const [deleteUser, removal] = useDeleteUserMutation();
  const [impersonating, setImpersonating] = useState(false);
  const [outcome, setOutcome] = useState<ImpersonationOutcome | null>(null);

  const self = viewer?._id === user._id;
  const manageable = Boolean(viewer) && !self && roleRank(user.role) < roleRank(viewer!.role);
  // Another admin's role: only asked for here, a third admin approves it (four eyes, issue 39).
  const otherAdmin = !self && viewer?.role === 'admin' && user.role === 'admin';
  const grantable = otherAdmin ? ADMIN_REMOVAL_ROLES : viewer ? grantableRoles(viewer.role, user.role) : [];

  function askRole() {
    if (!role) {
      toast.error(ADMIN_MESSAGES.selectRole);
      return;
    }
    setConfirm('role');
  }

  async function changeRole() {
    if (!role) return;
    try {
      const result = await upgradeUser({ id: user._id, role }).unwrap();
      toast.success(result.message);
      // A change to an admin's role is only recorded here: the email goes when a third admin approves it.
      if (!otherAdmin) requestAutomatedEmail({ send_to: user.email, reply_to: viewer?.email ?? user.email, subject: 'Your role changed', template: 'changeRole', url: `${window.location.origin}/login` });
      setConfirm(null);
      setRole('');
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_MESSAGES.somethingWrong));
    }
  }

  async function remove() {
    try {
      const result = await deleteUser(user._id).unwrap();
      toast.success(result.message);
      setConfirm(null);
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_MESSAGES.somethingWrong));
      setConfirm(null);
    }
  }

  const roleSelector = (
    <div className="flex gap-2">
      <label className="sr-only" htmlFor={`role-${user._id}`}>
        {t('userCard.newRoleFor', { name: user.name })}
      </label>
      <Select id={`role-${user._id}`} value={role} onChange={(event) => setRole(event.target.value as Role | '')} className="h-9 min-w-0 flex-1 py-1.5">
        <option value="">{t('userCard.selectRole')}</option>
        {grantable.map((option) => (
          <option key={option} value={option}>
            {t(`userCard.roles.${option}`)}
          </option>
        ))}
      </Select>
      <Button size="sm" variant="outline" className="h-9 shrink-0" onClick={askRole}>
        <UserCog className="size-4" aria-hidden /> {otherAdmin ? t('userCard.requestRoleChange') : t('userCard.changeRole')}
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
          <Link to={`/admin/audit?targetId=${encodeURIComponent(user._id)}`} className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-300">
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
        {self && <Badge tone="info">{t('userCard.you')}</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Amount label={t('userCard.balance')} value={user.balance} />
        <Amount label={t('userCard.invested')} value={user.investmentBalance} />
        <Amount label={t('userCard.totalProfit')} value={user.totalMaturityAmount} />
        <Amount label={user.hasFees ? t('userCard.fees') : t('userCard.feesOff')} value={user.fees} />
      </dl>

      {manageable ? (
        <div className="mt-auto space-y-3 border-t border-slate-100 pt-4 dark:border-slate-800">
          {roleSelector}
          <div className="grid grid-cols-[1fr_1fr_1fr_auto] gap-1">
            <Link to={`/edit-balance/${user._id}`} className={buttonClasses('ghost', 'sm', 'px-1 text-xs')} title={t('userCard.editProfit')}>
              {t('userCard.profit')}
            </Link>
            <Link to={`/edit-user-balance/${user._id}`} className={buttonClasses('ghost', 'sm', 'px-1 text-xs')} title={t('userCard.editBalance')}>
              {t('userCard.balanceLink')}
            </Link>
            <Link to={`/update-fee/${user._id}`} className={buttonClasses('ghost', 'sm', 'px-1 text-xs')} title={t('userCard.manageFees')}>
              {t('userCard.fees')}
            </Link>
            <Link to={`/compose-email?to=${encodeURIComponent(user.email)}`} className={buttonClasses('ghost', 'sm', 'px-2')} aria-label={t('userCard.emailUser', { name: user.name })}>
              <Mail className="size-4" aria-hidden />
            </Link>
          </div>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              className="flex-1"
              loading={impersonating}
              disabled={user.role === 'suspended'}
              onClick={async () => {
                setImpersonating(true);
                const result = await impersonate(user._id);
                // On success the spinner stays until the page reloads into the user's view.
                if (!result.ok) setImpersonating(false);
                setOutcome(result);
              }}
            >
              <Eye className="size-4" aria-hidden /> {t('userCard.impersonate')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setConfirm('delete')} aria-label={t('userCard.deleteUserNamed', { name: user.name })}>
              <Trash2 className="size-4" aria-hidden /> {t('userCard.delete')}
            </Button>
          </div>
        </div>
      ) : otherAdmin ? (
        <div className="mt-auto space-y-2 border-t border-slate-100 pt-4 dark:border-slate-800">
          {roleSelector}
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('userCard.adminRoleHint', { name: user.name })}</p>
        </div>
      ) : (
        <p className="mt-auto border-t border-slate-100 pt-4 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          {self ? t('userCard.yourAccount') : t('userCard.lowerRolesOnly')}
        </p>
      )}

      <Dialog
        open={confirm === 'role'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={otherAdmin ? t('userCard.requestRoleChangeTitle') : t('userCard.changeRoleTitle')}
        description={
          otherAdmin
            ? t('userCard.requestRoleChangeDescription', { name: user.name, role: role && t(`userCard.roles.${role}`) })
            : role === 'suspended'
              ? t('userCard.suspendDescription', { name: user.name })
              : t('userCard.changeRoleDescription', { name: user.name, role: role && t(`userCard.roles.${role}`) })
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              {t('userCard.cancel')}
            </Button>
            <Button onClick={changeRole} loading={upgrade.isLoading}>
              {otherAdmin ? t('userCard.requestRoleChange') : t('userCard.changeRole')}
            </Button>
          </>
        }
      />
      <Dialog
        open={outcome !== null}
        onOpenChange={(open) => {
          if (open || !outcome) return;
          // Impersonation has started on the server: however the dialog is closed, the page reloads into the user's view (SPEC §4).
          if (outcome.ok) browser.reload('/my-account');
          else setOutcome(null);
        }}
        title={outcome?.ok ? t('userCard.impersonationStarted') : t('userCard.impersonationFailed')}
        description={outcome && translate(outcome.message)}
        footer={
          outcome?.ok ? (
            <Button onClick={() => browser.reload('/my-account')}>{t('userCard.continue')}</Button>
          ) : (
            <Button variant="outline" onClick={() => setOutcome(null)}>
              {t('userCard.backToUsers')}
            </Button>
          )
        }
      >
        {outcome?.ok && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('userCard.impersonationNote', { name: user.name })}
          </p>
        )}
      </Dialog>
      <Dialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('userCard.deleteTitle')}
        description={t('userCard.deleteDescription', { name: user.name, email: user.email })}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              {t('userCard.cancel')}
            </Button>
            <Button variant="danger" onClick={remove} loading={removal.isLoading}>
              {t('userCard.deleteUser')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
