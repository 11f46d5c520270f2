import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_MESSAGES, ADMIN_REMOVAL_ROLES, grantableRoles, roleRank, type AdminUserView, type Role } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Select } from '../../../components/ui/input';
import { useTranslateMessage } from '../../../i18n/messages';
import { ApiError, apiFetch, errorMessage } from '../../../lib/api';
import { requestAutomatedEmail } from '../../../lib/automated-email';
import { useCurrentUser } from '../../../lib/hooks';
import { toast } from '../../../lib/toast';
import { useDeleteUserMutation, useUpgradeUserMutation } from '../api/admin-api';

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

/** Where a staff member edits the user's figures or writes to them: the same links on a card and in a row's menu. */
export function userLinks(user: AdminUserView) {
  return {
    profit: `/edit-balance/${user._id}`,
    balance: `/edit-user-balance/${user._id}`,
    fees: `/update-fee/${user._id}`,
    email: `/compose-email?to=${encodeURIComponent(user.email)}`,
    audit: `/admin/audit?targetId=${encodeURIComponent(user._id)}`,
  };
}

/**
 * What staff may do to one user (SPEC §3 user management): change the role, impersonate, delete,
 * each behind its dialog. A card and a table row show the same actions through this hook;
 * `dialogs` renders their dialogs. With `pickRoleInDialog` the role is chosen in the dialog
 * itself (a row's menu has no room for a select).
 */
export function useUserActions(user: AdminUserView, { pickRoleInDialog = false } = {}) {
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
    if (!pickRoleInDialog && !role) {
      toast.error(ADMIN_MESSAGES.selectRole);
      return;
    }
    setConfirm('role');
  }

  function closeDialog() {
    setConfirm(null);
    if (pickRoleInDialog) setRole('');
  }

  async function changeRole() {
    if (!role) {
      toast.error(ADMIN_MESSAGES.selectRole);
      return;
    }
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
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_MESSAGES.somethingWrong));
    }
    setConfirm(null);
  }

  async function startImpersonation() {
    setImpersonating(true);
    const result = await impersonate(user._id);
    // On success the spinner stays until the page reloads into the user's view.
    if (!result.ok) setImpersonating(false);
    setOutcome(result);
  }

  const roleOptions: ReactNode = grantable.map((option) => (
    <option key={option} value={option}>
      {t(`userCard.roles.${option}`)}
    </option>
  ));

  const dialogs = (
    <>
      <Dialog
        open={confirm === 'role'}
        onOpenChange={(open) => !open && closeDialog()}
        title={otherAdmin ? t('userCard.requestRoleChangeTitle') : t('userCard.changeRoleTitle')}
        description={
          pickRoleInDialog && !role
            ? t('userCard.pickRoleDescription', { name: user.name })
            : otherAdmin
              ? t('userCard.requestRoleChangeDescription', { name: user.name, role: role && t(`userCard.roles.${role}`) })
              : role === 'suspended'
              ? t('userCard.suspendDescription', { name: user.name })
              : t('userCard.changeRoleDescription', { name: user.name, role: role && t(`userCard.roles.${role}`) })
        }
        footer={
          <>
            <Button variant="outline" onClick={closeDialog}>
              {t('userCard.cancel')}
            </Button>
            <Button onClick={changeRole} loading={upgrade.isLoading}>
              {otherAdmin ? t('userCard.requestRoleChange') : t('userCard.changeRole')}
            </Button>
          </>
        }
      >
        {pickRoleInDialog && (
          <Field label={t('userCard.newRoleFor', { name: user.name })}>
            {(field) => (
              <Select {...field} value={role} onChange={(event) => setRole(event.target.value as Role | '')}>
                <option value="">{t('userCard.selectRole')}</option>
                {roleOptions}
              </Select>
            )}
          </Field>
        )}
      </Dialog>
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
        {outcome?.ok && <p className="text-sm text-slate-600 dark:text-slate-300">{t('userCard.impersonationNote', { name: user.name })}</p>}
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
    </>
  );

  return {
    self,
    manageable,
    otherAdmin,
    role,
    setRole,
    roleOptions,
    askRole,
    askDelete: () => setConfirm('delete'),
    impersonating,
    startImpersonation,
    dialogs,
  };
}
