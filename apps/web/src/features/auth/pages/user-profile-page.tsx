import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Tabs } from 'radix-ui';
import { LogOut, UserX } from 'lucide-react';
import { isStaff, PROFILE_NAME_TRUNCATE } from '@app/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useExitImpersonation } from '../../../lib/exit-impersonation';
import { cn } from '../../../lib/cn';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { logout } from '../auth-slice';
import { Avatar } from '../components/avatar';
import { ChangePasswordForm } from '../components/change-password-form';
import { DevicesSection } from '../components/devices-section';
import { PasskeysSection } from '../components/passkeys-section';
import { browserSupportsPasskeys } from '../passkeys';
import { ProfileForm } from '../components/profile-form';
import { LanguagePicker } from '../components/language-picker';
import { TwoFactorSection } from '../components/two-factor-section';
import { UnverifiedEmailBanner } from '../components/verification-banner';

/** SPEC §9: the name is shown truncated at 10 characters in the profile. */
export function shortName(name: string) {
  return name.length > PROFILE_NAME_TRUNCATE ? `${name.slice(0, PROFILE_NAME_TRUNCATE)}…` : name;
}

const tabClass = cn(
  'rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  'data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-brand-200',
);

export interface UserProfilePageProps {
  /**
   * USERS TAB SLOT: the staff-only Users tab is built by the back office (features/admin) and
   * passed in by the route (features/auth/routes.tsx), so this feature never imports it.
   */
  usersTabSlot?: ReactNode;
}

/** /user-profile: tabs Profile, Security and (staff) Users; Logout; Exit Impersonation while impersonated. */
export function UserProfilePage({ usersTabSlot }: UserProfilePageProps) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('profilePage.docTitle'));
  const user = useAppSelector((state) => state.auth.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { exiting, exit: exitImpersonation } = useExitImpersonation(toast.error);
  const [passwordChanges, setPasswordChanges] = useState(0);
  const [passkeysSupported] = useState(browserSupportsPasskeys);
  if (!user) return <Spinner label={t('shell.loadingAccount')} />;
  const staff = isStaff(user.role);
  const readOnly = user.isImpersonated;

  async function onLogout() {
    const result = await dispatch(logout());
    if (logout.fulfilled.match(result)) {
      toast.success(result.payload.message || 'Logged out');
      navigate('/login');
    } else {
      toast.error(result.payload ?? 'Logout failed');
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <UnverifiedEmailBanner />
      <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar user={user} size="lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900 dark:text-white" title={user.name}>
              {shortName(user.name)}
            </h1>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone={staff ? 'info' : 'neutral'} className="capitalize">
                {user.role}
              </Badge>
              <Badge tone={user.isVerified ? 'success' : 'warning'}>{user.isVerified ? t('verify.verified') : t('profilePage.emailNotVerified')}</Badge>
              <Badge tone={user.kycStatus === 'Approved' ? 'success' : user.kycStatus === 'Rejected' ? 'danger' : 'neutral'}>{t('profilePage.kyc', { status: t(`account:kyc.status.${user.kycStatus}`) })}</Badge>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {user.isImpersonated && (
            <Button variant="secondary" onClick={exitImpersonation} loading={exiting}>
              <UserX className="size-4" aria-hidden />
              {t('shell.impersonation.exit')}
            </Button>
          )}
          <Button variant="outline" onClick={onLogout}>
            <LogOut className="size-4" aria-hidden />
            {t('nav.logout')}
          </Button>
        </div>
      </Card>

      <Tabs.Root defaultValue="profile">
        <Tabs.List aria-label={t('profilePage.sections')} className="mb-4 inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
          <Tabs.Trigger value="profile" className={tabClass}>
            {t('nav.profile')}
          </Tabs.Trigger>
          <Tabs.Trigger value="security" className={tabClass}>
            {t('profilePage.security')}
          </Tabs.Trigger>
          {staff && usersTabSlot && (
            <Tabs.Trigger value="users" className={tabClass}>
              {t('profilePage.users')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="profile">
          <Card className="p-5 sm:p-8">
            <ProfileForm key={`${user._id}:${user.photo ?? ''}`} user={user} readOnly={readOnly} />
          </Card>
          <Card className="p-5 sm:p-8">
            <LanguagePicker />
          </Card>
        </Tabs.Content>
        <Tabs.Content value="security" className="space-y-6">
          <Card className="p-5 sm:p-8">
            <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{t('profilePage.changePassword')}</h2>
            <ChangePasswordForm readOnly={readOnly} onChanged={() => setPasswordChanges((count) => count + 1)} />
          </Card>
          <Card className="p-5 sm:p-8">
            <TwoFactorSection readOnly={readOnly} />
          </Card>
          {passkeysSupported && (
            <Card className="p-5 sm:p-8">
              <PasskeysSection readOnly={readOnly} />
            </Card>
          )}
          <Card className="p-5 sm:p-8">
            <DevicesSection readOnly={readOnly} refreshKey={passwordChanges} />
          </Card>
        </Tabs.Content>
        {staff && usersTabSlot && <Tabs.Content value="users">{usersTabSlot}</Tabs.Content>}
      </Tabs.Root>
    </div>
  );
}
