import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { UserPlus } from 'lucide-react';
import { AUTH_MESSAGES, registerFormSchema, type RegisterFormInput } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { register as registerAccount } from '../auth-slice';
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
  useDocumentTitle('Create your account', 'Open a Vaultline account in a minute.');
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
      title="Create your account"
      subtitle="It takes a minute. You will verify your email and identity next."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="grid gap-5 sm:grid-cols-2">
        <Field label="Full name" error={errors.name?.message}>
          {(props) => <Input {...props} {...field('name')} autoComplete="name" placeholder="Ada Lovelace" />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(props) => <Input {...props} {...field('email')} type="email" autoComplete="email" placeholder="you@example.com" />}
        </Field>
        <Field label="Phone" hint="International format, with the country code" error={errors.phone?.message}>
          {(props) => <Input {...props} {...field('phone')} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} />}
        </Field>
        <Field label="Country" error={errors.country?.message}>
          {(props) => (
            <Select {...props} {...field('country')} autoComplete="country-name" disabled={countriesLoading && countries.length === 0}>
              <option value="">{countriesLoading ? 'Loading countries…' : 'Select your country'}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.name}>
                  {country.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(props) => <PasswordInput {...props} {...field('password')} autoComplete="new-password" placeholder="Choose a password" />}
        </Field>
        <Field label="Confirm password" error={errors.password2?.message}>
          {(props) => (
            <PasswordInput
              {...props}
              {...field('password2')}
              autoComplete="new-password"
              placeholder="Type it again"
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
        <Field label="Referral code (optional)" error={errors.referralCode?.message} className="sm:col-span-2">
          {(props) => <Input {...props} {...field('referralCode')} autoComplete="off" placeholder="e.g. ABCD2345" />}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" className="w-full" loading={isLoading}>
            <UserPlus className="size-5" aria-hidden />
            Create account
          </Button>
          <p className="mt-3 text-center text-xs text-slate-500 dark:text-slate-400">
            By creating an account you agree to our{' '}
            <Link to="/privacy-policy" className={linkClass}>
              privacy policy
            </Link>
            .
          </p>
        </div>
      </form>
    </AuthLayout>
  );
}
