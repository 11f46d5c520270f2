import type { ComponentProps } from 'react';
import { useFieldArray, useForm, useWatch, type Path, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { Plus, Trash2 } from 'lucide-react';
import { ADMIN_MESSAGES, formatCents, REFERRAL_BONUS_MAX_CENTS, settingsAssets, settingsFormSchema, SOCIAL_NETWORKS, type SettingsFormValues } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { formatUsd } from '../../../i18n/format';
import { useTranslateMessage } from '../../../i18n/messages';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { useSaveSettingsMutation, useSettingsQuery, type AdminSettings } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { QueryState } from '../components/query-state';

type FormOutput = z.output<typeof settingsFormSchema>;

/** The settings as the form shows them: amounts in dollars and percent with two decimals (500 -> "5.00"). */
function toFormValues(settings: AdminSettings): SettingsFormValues {
  return {
    depositAddresses: Object.fromEntries(settingsAssets(settings.evmTokens).map((asset) => [asset, settings.depositAddresses[asset] ?? ''])),
    watchKeys: { evm: settings.watchKeys.evm ?? '', btc: settings.watchKeys.btc ?? '' },
    evmTokens: settings.evmTokens.map((token) => ({ symbol: token.symbol, contract: token.contract, decimals: String(token.decimals), usd: token.usd })),
    explorerTxUrl: settings.explorerTxUrl,
    withdrawalFee: { flatCents: formatCents(settings.withdrawalFee.flatCents), basisPoints: formatCents(settings.withdrawalFee.basisPoints) },
    referralBonus: { basisPoints: formatCents(settings.referralBonus.basisPoints), capCents: formatCents(settings.referralBonus.capCents) },
    support: { ...settings.support },
    chartServiceUrl: settings.chartServiceUrl,
    social: { ...settings.social },
    operator: { ...settings.operator },
    riskNotice: settings.riskNotice,
    requireStaffTwoFactor: settings.requireStaffTwoFactor,
    fourEyesThresholdCents: formatCents(settings.fourEyesThresholdCents),
  };
}

/** A text setting: its place in the form, its label, hint and error, and how its input is typed. */
type TextSetting = { name: Path<SettingsFormValues>; label: string; hint?: string; error?: string } & Pick<ComponentProps<'input'>, 'type' | 'inputMode'>;

function TextSettings({ settings, register }: { settings: TextSetting[]; register: UseFormRegister<SettingsFormValues> }) {
  return (
    <>
      {settings.map(({ name, label, hint, error, ...input }) => (
        <Field key={name} label={label} hint={hint} error={error}>
          {(field) => <Input {...field} {...register(name)} {...input} />}
        </Field>
      ))}
    </>
  );
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('staff');
  const translate = useTranslateMessage();
  const [save] = useSaveSettingsMutation();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SettingsFormValues, unknown, FormOutput>({ resolver: zodResolver(settingsFormSchema), defaultValues: toFormValues(settings) });
  const tokens = useFieldArray({ control, name: 'evmTokens' });
  // The typed tokens, live: each symbol gets a receiving address field.
  const tokenValues = useWatch({ control, name: 'evmTokens' });

  async function onSubmit(patch: FormOutput) {
    try {
      reset(toFormValues(await save(patch).unwrap()));
      toast.success(t('settingsPage.saved'));
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_MESSAGES.somethingWrong));
    }
  }

  const tokenListError = errors.evmTokens?.message ?? errors.evmTokens?.root?.message;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6" aria-label={t('settingsPage.title')}>
      <Card>
        <h2 className="text-lg font-semibold">{t('settingsPage.receiving')}</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('settingsPage.receivingIntro', { path: '<key>/0/i' })}</p>
        <div className="grid gap-4 lg:grid-cols-2">
          <Field label={t('settingsPage.evmKey')} hint={t('settingsPage.evmKeyHint')} error={errors.watchKeys?.evm?.message}>
            {(field) => <Input {...field} {...register('watchKeys.evm')} className="font-mono" spellCheck={false} autoComplete="off" placeholder={t('settingsPage.evmKeyPlaceholder')} />}
          </Field>
          <Field label={t('settingsPage.btcKey')} hint={t('settingsPage.btcKeyHint')} error={errors.watchKeys?.btc?.message}>
            {(field) => <Input {...field} {...register('watchKeys.btc')} className="font-mono" spellCheck={false} autoComplete="off" placeholder={t('settingsPage.btcKeyPlaceholder')} />}
          </Field>
          <Field
            label={t('settingsPage.explorer')}
            hint={t('settingsPage.explorerHint', { hash: '{hash}', example: 'https://etherscan.io/tx/{hash}' })}
            error={errors.explorerTxUrl?.message}
            className="lg:col-span-2"
          >
            {(field) => <Input {...field} {...register('explorerTxUrl')} type="url" spellCheck={false} />}
          </Field>
        </div>
        <h3 className="mb-1 mt-6 text-base font-semibold">{t('settingsPage.tokens')}</h3>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('settingsPage.tokensIntro')}</p>
        <ul className="space-y-3" aria-label={t('settingsPage.tokenList')}>
          {tokens.fields.map((token, index) => {
            const tokenErrors = errors.evmTokens?.[index];
            return (
              <li key={token.id} className="grid items-start gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[7rem_1fr_6rem_auto_auto] dark:border-slate-800">
                <Field label={t('settingsPage.symbol')} error={tokenErrors?.symbol?.message}>
                  {(field) => <Input {...field} {...register(`evmTokens.${index}.symbol`)} />}
                </Field>
                <Field label={t('settingsPage.contract')} error={tokenErrors?.contract?.message}>
                  {(field) => <Input {...field} {...register(`evmTokens.${index}.contract`)} className="font-mono" spellCheck={false} />}
                </Field>
                <Field label={t('settingsPage.decimals')} error={tokenErrors?.decimals?.message}>
                  {(field) => <Input {...field} {...register(`evmTokens.${index}.decimals`)} inputMode="numeric" />}
                </Field>
                <label className="flex h-10 items-center gap-2 text-sm sm:mt-7">
                  <input type="checkbox" className="size-4 accent-brand-700" {...register(`evmTokens.${index}.usd`)} />
                  {t('settingsPage.usdPegged')}
                </label>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="sm:mt-7"
                  aria-label={t('settingsPage.removeToken', { symbol: tokenValues[index]?.symbol || t('settingsPage.token') })}
                  onClick={() => tokens.remove(index)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
        {tokenListError && (
          <p role="alert" className="mt-2 text-xs font-medium text-red-600 dark:text-red-400">
            {translate(tokenListError)}
          </p>
        )}
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => tokens.append({ symbol: '', contract: '', decimals: '6', usd: true })}>
          <Plus className="size-4" aria-hidden /> {t('settingsPage.addToken')}
        </Button>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('settingsPage.shared')}</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('settingsPage.sharedIntro')}</p>
        <div className="space-y-4">
          {settingsAssets(tokenValues).map((asset) => (
            <Field key={asset} label={t('settingsPage.address', { asset })} error={errors.depositAddresses?.[asset]?.message}>
              {(field) => <Input {...field} {...register(`depositAddresses.${asset}`)} className="font-mono" spellCheck={false} />}
            </Field>
          ))}
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('settingsPage.withdrawalFee')}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextSettings
              register={register}
              settings={[
                { name: 'withdrawalFee.flatCents', label: t('settingsPage.flatFee'), error: errors.withdrawalFee?.flatCents?.message, inputMode: 'decimal' },
                { name: 'withdrawalFee.basisPoints', label: t('settingsPage.rate'), error: errors.withdrawalFee?.basisPoints?.message, inputMode: 'decimal' },
              ]}
            />
          </div>
        </Card>
        <Card>
          <h2 className="mb-1 text-lg font-semibold">{t('settingsPage.secondApproval')}</h2>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('settingsPage.secondApprovalIntro')}</p>
          <Field label={t('settingsPage.threshold')} error={errors.fourEyesThresholdCents?.message}>
            {(field) => <Input {...field} {...register('fourEyesThresholdCents')} inputMode="decimal" />}
          </Field>
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('settingsPage.referralBonus')}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextSettings
              register={register}
              settings={[
                { name: 'referralBonus.basisPoints', label: t('settingsPage.bonusRate'), error: errors.referralBonus?.basisPoints?.message, inputMode: 'decimal' },
                {
                  name: 'referralBonus.capCents',
                  label: t('settingsPage.cap'),
                  hint: t('settingsPage.capHint', { max: formatUsd(REFERRAL_BONUS_MAX_CENTS) }),
                  error: errors.referralBonus?.capCents?.message,
                  inputMode: 'decimal',
                },
              ]}
            />
          </div>
        </Card>
      </div>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('settingsPage.support')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextSettings
            register={register}
            settings={[
              { name: 'support.phone', label: t('settingsPage.supportPhone'), error: errors.support?.phone?.message, type: 'tel' },
              { name: 'support.email', label: t('settingsPage.supportEmail'), error: errors.support?.email?.message, type: 'email' },
              { name: 'support.chatEmbedUrl', label: t('settingsPage.chat'), hint: t('settingsPage.httpsHint'), error: errors.support?.chatEmbedUrl?.message, type: 'url' },
              { name: 'support.hours', label: t('settingsPage.hours'), hint: t('settingsPage.hoursHint'), error: errors.support?.hours?.message },
              { name: 'chartServiceUrl', label: t('settingsPage.chartService'), hint: t('settingsPage.chartServiceHint'), error: errors.chartServiceUrl?.message, type: 'url' },
            ]}
          />
        </div>
        <Field label={t('settingsPage.riskNotice')} className="mt-4" hint={t('settingsPage.riskNoticeHint')} error={errors.riskNotice?.message}>
          {(field) => <Textarea {...field} {...register('riskNotice')} rows={4} />}
        </Field>
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-700" {...register('requireStaffTwoFactor')} />
          {t('settingsPage.staffTwoFactor')}
        </label>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">{t('settingsPage.social')}</h2>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('settingsPage.socialIntro')}</p>
          <div className="space-y-4">
            <TextSettings
              register={register}
              settings={SOCIAL_NETWORKS.map((network) => ({
                name: `social.${network}`,
                label: t(`settingsPage.${network}`),
                error: errors.social?.[network]?.message,
                type: network === 'whatsapp' ? 'text' : 'url',
              }))}
            />
          </div>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{t('settingsPage.operator')}</h2>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('settingsPage.operatorIntro')}</p>
          <div className="space-y-4">
            <TextSettings
              register={register}
              settings={[
                { name: 'operator.legalName', label: t('settingsPage.legalName'), error: errors.operator?.legalName?.message },
                { name: 'operator.address', label: t('settingsPage.operatorAddress'), error: errors.operator?.address?.message },
                { name: 'operator.registrationNumber', label: t('settingsPage.registrationNumber'), error: errors.operator?.registrationNumber?.message },
                { name: 'operator.regulator', label: t('settingsPage.regulator'), error: errors.operator?.regulator?.message },
              ]}
            />
          </div>
        </Card>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="lg" loading={isSubmitting}>
          {t('settingsPage.save')}
        </Button>
      </div>
    </form>
  );
}

/** Admins: operator settings; every change is audited with before and after. */
export function SettingsPage() {
  const { t } = useTranslation('staff');
  const user = useCurrentUser();
  const admin = user?.role === 'admin';
  const query = useSettingsQuery(undefined, { skip: !admin });
  return (
    <AdminPage messages="settingsPage">
      {admin ? (
        <QueryState query={query} loading={t('settingsPage.loading')} failed={t('settingsPage.failed')}>
          {(settings) => <SettingsForm settings={settings} />}
        </QueryState>
      ) : (
        <Alert tone="warning" title={t('settingsPage.adminsOnly')}>
          {t('settingsPage.adminsOnlyText')}
        </Alert>
      )}
    </AdminPage>
  );
}
