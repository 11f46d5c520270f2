import { useTranslation } from 'react-i18next';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { Camera, Save } from 'lucide-react';
import {
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  PROFILE_PHOTO_TYPE_MESSAGE,
  profileFormSchema,
  type ProfileFormInput,
  type UserView,
} from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { countryName } from '../../../lib/countries';
import { useAppDispatch } from '../../../lib/hooks';
import { updateUser, uploadPhoto } from '../auth-slice';
import { toastFirstError } from './form-errors';
import { PHONE_PLACEHOLDER_TEXT } from './phone';
import { useCountries } from './use-countries';
import { Avatar } from './avatar';

type ProfileOutput = { name: string; phone: string; country: string; bio?: string };

/** SPEC §5: only jpeg, jpg or png, checked here and again (by the bytes) on the server. */
export function photoProblem(file: File): string | null {
  if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return PROFILE_PHOTO_TYPE_MESSAGE;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return `File size must be less than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024}MB.`;
  return null;
}

/** The Profile tab: photo, name, phone, country, bio; the email is read-only. */
export function ProfileForm({ user, readOnly }: { user: UserView; readOnly: boolean }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const { countries } = useCountries();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register: field,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<ProfileFormInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, phone: user.phone, country: user.country, bio: user.bio },
  });

  async function onSubmit(values: ProfileOutput) {
    setSaving(true);
    const result = await dispatch(updateUser(values));
    setSaving(false);
    if (updateUser.fulfilled.match(result)) {
      toast.success('User Updated');
      reset({ name: result.payload.name, phone: result.payload.phone, country: result.payload.country, bio: result.payload.bio });
    } else {
      toast.error(result.payload ?? 'Could not update your profile');
    }
  }

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    const result = await dispatch(uploadPhoto(file));
    setUploading(false);
    if (uploadPhoto.fulfilled.match(result)) toast.success('Profile Updated');
    else toast.error(result.payload ?? 'Upload failed. Please try again.');
  }

  // An account made through the API may hold the ISO code: that country keeps it as its value, shown by name.
  const countryKnown = countries.some((country) => country.name === user.country || country.code === user.country);

  return (
    <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="space-y-6">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar user={user} size="lg" />
        <div>
          <input ref={fileInput} type="file" accept="image/jpeg,image/png" className="sr-only" onChange={onPhoto} aria-label={t('profile.photo')} tabIndex={-1} />
          <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} loading={uploading} disabled={readOnly}>
            <Camera className="size-4" aria-hidden />
            {user.photo ? t('profile.changePhoto') : t('profile.uploadPhoto')}
          </Button>
          <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{t('profile.photoHint')}</p>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('common.fullName')} error={errors.name?.message}>
          {(props) => <Input {...props} {...field('name')} autoComplete="name" readOnly={readOnly} />}
        </Field>
        <Field label={t('common.email')} hint={t('profile.emailHint')}>
          {(props) => <Input {...props} value={user.email} readOnly aria-readonly />}
        </Field>
        <Field label={t('common.phone')} error={errors.phone?.message}>
          {(props) => <Input {...props} {...field('phone')} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER_TEXT} readOnly={readOnly} />}
        </Field>
        <Field label={t('common.country')} error={errors.country?.message}>
          {(props) => (
            <Select key={countries.length} {...props} {...field('country')} disabled={readOnly}>
              <option value="">{t('common.selectCountry')}</option>
              {!countryKnown && user.country && <option value={user.country}>{countryName(user.country)}</option>}
              {countries.map((country) => (
                <option key={country.code} value={country.code === user.country ? country.code : country.name}>
                  {country.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('profile.bio')} error={errors.bio?.message} className="sm:col-span-2">
          {(props) => <Textarea {...props} {...field('bio')} placeholder={t('profile.bioPlaceholder')} readOnly={readOnly} />}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={saving} disabled={readOnly || !isDirty}>
          <Save className="size-4" aria-hidden />
          {t('profile.submit')}
        </Button>
      </div>
    </form>
  );
}
