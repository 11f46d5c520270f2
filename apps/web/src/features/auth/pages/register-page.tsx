import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { UserPlus } from 'lucide-react';
import { AUTH_MESSAGES, registerFormSchema, type RegisterFormInput } from '@app/shared';
import { Field, Input, Select } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { register as registerAccount } from '../auth-slice';
import { AuthButton } from '../components/auth-button';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { toastFirstError } from '../components/form-errors';
import { PasswordInput } from '../components/password-input';
import { PasswordStrength } from '../components/password-strength';
import { useCountries } from '../components/use-countries';
import { PHONE_PLACEHOLDER_TEXT } from '../components/phone';
import { currentLanguage } from '../../../i18n';

type RegisterOutput = {
  name: string;
  email: string;
  password: string;
  password2: string;
  phone: string;
  country: string;
  referralCode?: string;
};

/** SPEC §5: an international-format example. */
export const PHONE_PLACEHOLDER = PHONE_PLACEHOLDER_TEXT;

export function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.docTitle'), t('register.docDescription'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const { countries, loading: countriesLoading } = useCountries();
  const {
    register: field,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      country: '',
      password: '',
      password2: '',
      referralCode: params.get('ref') ?? '',
    },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  async function onSubmit(values: RegisterOutput) {
    const { password2: _confirm, ...body } = values;
    const result = await dispatch(registerAccount({ ...body, language: currentLanguage() }));
    if (registerAccount.fulfilled.match(result)) {
      toast.success('Registration Successful');
      navigate('/upload-kyc');
    } else {
      toast.error(result.payload ?? 'Registration failed');
    }
  }

  return (
    <AuthLayout
      wide
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={{ prompt: t('register.haveAccount'), to: '/login', label: t('register.signIn') }}
    >
      <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="grid gap-5 sm:grid-cols-2">
        <Field label={t('common.fullName')} error={errors.name?.message}>
          {(props) => <Input {...props} {...field('name')} autoComplete="name" placeholder={t('common.namePlaceholder')} />}
        </Field>
        <Field label={t('common.email')} error={errors.email?.message}>
          {(props) => <Input {...props} {...field('email')} type="email" autoComplete="email" placeholder={t('common.emailPlaceholder')} />}
        </Field>
        <Field label={t('common.phone')} hint={t('common.phoneHint')} error={errors.phone?.message}>
          {(props) => <Input {...props} {...field('phone')} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} />}
        </Field>
        <Field label={t('common.country')} error={errors.country?.message}>
          {(props) => (
            <Select {...props} {...field('country')} autoComplete="country-name" disabled={countriesLoading && countries.length === 0}>
              <option value="">{countriesLoading ? t('common.loadingCountries') : t('common.selectCountry')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.name}>
                  {country.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('common.password')} error={errors.password?.message}>
          {(props) => <PasswordInput {...props} {...field('password')} autoComplete="new-password" placeholder={t('register.choosePassword')} />}
        </Field>
        <Field label={t('register.confirmPassword')} error={errors.password2?.message}>
          {(props) => (
            <PasswordInput
              {...props}
              {...field('password2')}
              autoComplete="new-password"
              placeholder={t('register.typeAgain')}
              onPaste={(event) => {
                event.preventDefault();
                toast.error(AUTH_MESSAGES.cannotPaste, { toastId: 'no-paste' });
              }}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <PasswordStrength password={password} />
        </div>
        <Field label={t('register.referral')} error={errors.referralCode?.message} className="sm:col-span-2">
          {(props) => <Input {...props} {...field('referralCode')} autoComplete="off" placeholder={t('register.referralPlaceholder')} />}
        </Field>
        <div className="sm:col-span-2">
          <AuthButton type="submit" icon={UserPlus} loading={isLoading}>
            {t('register.submit')}
          </AuthButton>
          <p className="mt-3 text-center text-xs text-slate-500 dark:text-slate-400">
            {t('register.agree')}{' '}
            <Link to="/privacy-policy" className={linkClass}>
              {t('register.privacyPolicy')}
            </Link>
            .
          </p>
        </div>
      </form>
    </AuthLayout>
  );
}
