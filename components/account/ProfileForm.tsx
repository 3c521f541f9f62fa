'use client';

import { useEffect, useState, type ChangeEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormError, TextAreaField, TextField, fieldStyles, SubmitButton, NameField } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useFormState } from '@/components/forms/useFormState';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { ProfileResource } from '@/lib/api/account';
import { textLanguageOf } from '@/lib/i18n/text-languages';
import { queryKeys } from '@/lib/contract/query-keys';
import { profileQuery } from '@/lib/api/signed-in-queries';
import { apiProblem } from '@/lib/forms/api-problem';
import { NAME_LATIN_MAX, NAME_ZH_MAX } from '@/lib/contract/name-rules';
import { ABOUT_MAX, nameError, nameLatinError, nameZhError, type FieldErrorKey } from '@/lib/forms/rules';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import type { SessionUser } from '@/lib/store/app-store';
import { useSignedInUser } from './RequireSession';
import styles from './AccountPage.module.css';

type ProfileField = 'name' | 'nameLatin' | 'nameZh' | 'about' | 'avatar';
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The profile page: the form once the profile has loaded; the email (EmailForm) and the phone number (PhoneForm) have
 * forms of their own, since each is attached only once confirmed.
 */
export function ProfileForm() {
  const t = useTranslations('account.profile');
  const user = useSignedInUser();
  const query = useQuery(profileQuery(user.attributes.profile_hid));
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  return <ProfileFields user={user} profile={query.data} />;
}

function ProfileFields({ user, profile }: { user: SessionUser; profile: ProfileResource }) {
  const t = useTranslations('account.profile');
  const messages = useFormMessages();
  const locale = useLocale() as AppLocale;
  const language = textLanguageOf(locale);
  const queryClient = useQueryClient();
  const updateSessionUser = useAppStore((s) => s.updateUser);
  const owner = profile.relationships.user?.data.attributes ?? user.attributes;
  const initialAbout = profile.attributes.about_localized?.[language] ?? '';
  const spellings = { nameLatin: user.attributes.name_latin ?? '', nameZh: user.attributes.name_zh ?? '' };
  const { values, errors, setErrors, formError, setFormError, pending, bind, submitWith } = useFormState<
    { name: string; nameLatin: string; nameZh: string; about: string },
    ProfileField
  >({ name: owner.name, ...spellings, about: initialAbout });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // The preview's object URL is released when it is replaced and when the form goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const pickAvatar = (file: File | null) => {
    setAvatar(file);
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setErrors((e) => ({ ...e, avatar: undefined }));
    if (file && !AVATAR_TYPES.includes(file.type)) return setErrors((e) => ({ ...e, avatar: t('avatarType') }));
    if (file && file.size > AVATAR_MAX_BYTES) return setErrors((e) => ({ ...e, avatar: t('avatarTooBig') }));
    pickAvatar(file);
  };

  const validate = () => {
    const keys: Partial<Record<ProfileField, FieldErrorKey>> = {
      name: nameError(values.name),
      nameLatin: nameLatinError(values.nameLatin),
      nameZh: nameZhError(values.nameZh),
      about: values.about.trim().length > ABOUT_MAX ? 'aboutLong' : undefined,
    };
    return Object.fromEntries(Object.entries(keys).filter(([, v]) => v)) as Partial<
      Record<ProfileField, FieldErrorKey>
    >;
  };

  const submit = submitWith(
    () => messages.fields(validate()),
    async () => {
      const api = await import('@/lib/api/account');
      if (avatar) {
        try {
          const updated = await api.uploadAvatar(user.hid, avatar);
          updateSessionUser({ image_url: updated.attributes.image_url });
          pickAvatar(null);
        } catch (error) {
          const problem = apiProblem(error);
          if (problem.status === 422 || problem.status === 413) {
            setErrors({ avatar: t('avatarFailed') });
            return;
          }
          throw error;
        }
      }
      const changes: Record<string, string> = {};
      if (values.name.trim() !== owner.name) changes.name = values.name.trim();
      if (values.nameLatin.trim() !== spellings.nameLatin) changes.name_latin = values.nameLatin.trim();
      if (values.nameZh.trim() !== spellings.nameZh) changes.name_zh = values.nameZh.trim();
      if (Object.keys(changes).length) {
        const updated = await api.updateUser(user.hid, changes);
        const { name, name_latin, name_zh } = updated.attributes;
        updateSessionUser({ name, name_latin, name_zh });
      }
      if (values.about.trim() !== initialAbout.trim())
        await api.updateProfile(profile.hid, values.about.trim(), language);
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile(profile.hid) });
      notify('success', t('saved'));
    },
    (error) => {
      const problem = apiProblem(error);
      if (problem.status === 422 && Object.keys(problem.errors).length) {
        setErrors({
          name: problem.errors.name?.[0],
          nameLatin: problem.errors.name_latin ? messages.field('nameLatin') : undefined,
          nameZh: problem.errors.name_zh ? messages.field('nameZh') : undefined,
          about: problem.errors.about ? messages.field('aboutLong') : undefined,
        });
      } else {
        const message = messages.problem(problem);
        setFormError(message);
        notify('error', message);
      }
    },
  );

  const imageUrl = preview ?? user.attributes.image_url;
  return (
    <form className={fieldStyles.form} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('avatar')}</legend>
        <div className={styles.avatarRow}>
          {imageUrl ? (
            // A local preview (blob:) or the stored picture; next/image cannot optimise either usefully here.
            // eslint-disable-next-line @next/next/no-img-element
            <img className={styles.avatar} src={imageUrl} alt={t('avatarAlt')} width={96} height={96} />
          ) : (
            <span className={`${styles.avatar} ${styles.avatarEmpty}`} aria-hidden="true">
              {owner.name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <input
            id="avatar-file"
            className={styles.fileInput}
            type="file"
            name="avatar"
            accept={AVATAR_TYPES.join(',')}
            onChange={chooseAvatar}
            aria-describedby="avatar-hint"
          />
          <label htmlFor="avatar-file" className={buttonClass('secondary')}>
            {t('avatarChoose')}
          </label>
        </div>
        <span id="avatar-hint" className={fieldStyles.hint}>
          {t('avatarHint')}
        </span>
        {errors.avatar ? (
          <span className={fieldStyles.error} role="alert">
            {errors.avatar}
          </span>
        ) : null}
      </fieldset>
      <NameField label={t('name')} {...bind('name')} />
      <TextField
        label={t('nameLatin')}
        {...bind('nameLatin')}
        hint={t('nameLatinHint')}
        lang="en"
        autoComplete="off"
        maxLength={NAME_LATIN_MAX + 20}
      />
      <TextField
        label={t('nameZh')}
        {...bind('nameZh')}
        hint={t('nameZhHint')}
        lang="zh-CN"
        autoComplete="off"
        maxLength={NAME_ZH_MAX + 20}
      />
      <TextAreaField
        label={t('about')}
        name="about"
        {...bind('about')}
        hint={t('aboutHint')}
        maxLength={ABOUT_MAX + 100}
      />
      <SubmitButton pending={pending} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
