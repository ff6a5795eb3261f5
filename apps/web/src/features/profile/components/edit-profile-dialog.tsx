import { useEffect, useRef, useState } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconCheck, IconLock, IconPhone, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, splitFullName, type LanguageCode, type UserProfile } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { LanguageSelect } from '../../../components/forms/language-select.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { codeOf, fieldErrorsOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { EDIT_DIALOG_CLOSE_DELAY_MS } from '../lib/profile-display.ts';

interface Values {
  name: string;
  email: string;
  phone: string;
  language: LanguageCode;
  /** Asked for only when the email changes. */
  currentPassword: string;
}

/** Where the API's field names land in this form (the name is sent split in two). */
const FORM_FIELD: Record<string, keyof Values> = {
  firstName: 'name',
  lastName: 'name',
  email: 'email',
  phoneNumber: 'phone',
  language: 'language',
  currentPassword: 'currentPassword',
};

/** One toast slot for the edit's outcome. */
const EDIT_TOAST = 'profile-edit';

/** Field errors from a validation_error answer, as validation keys per form field. */
function formErrorsOf(error: unknown): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const [field, key] of Object.entries(fieldErrorsOf(error, Object.keys(FORM_FIELD)))) {
    errors[FORM_FIELD[field]!] ??= key;
  }
  return errors;
}

interface Props {
  opened: boolean;
  user: UserProfile | null;
  onClose: () => void;
  /** Called when the dialog closes after a successful save (docs/product/states.md: 1 s later), to reload the profile. */
  onSaved: () => void;
}

/**
 * 'Edit Profile' (docs/product/screens.md, docs/product/validation.md): name, email, phone and language (the screens switch to it, and mail
 * and files follow it); the server is the only judge of the values.
 */
export function EditProfileDialog({ opened, user, onClose, onSaved }: Props) {
  const { t } = useTranslation('profile');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('edit.title')}>
      {/* Mounted per opening, so the form starts from the current profile each time. */}
      {opened && <EditProfileForm user={user} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}

function EditProfileForm({ user, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      language: user?.language ?? FALLBACK_LANGUAGE,
      currentPassword: '',
    },
  });
  const emailChanges = !!user && form.values.email.trim().toLowerCase() !== user.email.trim().toLowerCase();

  // Closed early (Escape, close button) while the 1 s pause runs: still reload the saved profile.
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });
  useEffect(
    () => () => {
      if (closeTimer.current === undefined) return;
      clearTimeout(closeTimer.current);
      onSavedRef.current();
    },
    [],
  );

  const submit = form.onSubmit((values) => {
    if (update.isPending || saved) return;
    if (!user) {
      showToast('failure', t('profile:edit.missingUser'));
      return;
    }
    const { firstName, lastName } = splitFullName(values.name);
    update.mutate(
      {
        firstName,
        lastName,
        email: values.email,
        phoneNumber: values.phone.trim(),
        language: values.language,
        ...(emailChanges ? { currentPassword: values.currentPassword } : {}),
      },
      {
        onSuccess: ({ user: updated, pendingEmail }) => {
          setSaved(true);
          if (updated.language !== i18n.language) void i18n.changeLanguage(updated.language);
          // A new address takes effect from the link mailed to it: the toast says so.
          const message = pendingEmail
            ? t('profile:edit.successEmailPending', { name: updated.name, email: pendingEmail })
            : t('profile:edit.success', { name: updated.name });
          showToast('success', message, undefined, EDIT_TOAST);
          closeTimer.current = setTimeout(() => {
            closeTimer.current = undefined;
            onClose();
            onSaved();
          }, EDIT_DIALOG_CLOSE_DELAY_MS);
        },
        onError: (error) => {
          form.setErrors(
            Object.fromEntries(
              Object.entries(formErrorsOf(error)).map(([field, key]) => [field, errorText(key)]),
            ),
          );
          // The server's reason when we can say it in the reader's language, else the generic failure.
          const code = codeOf(error);
          showToast(
            'failure',
            code && i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('profile:edit.failure'),
            undefined,
            EDIT_TOAST,
          );
        },
      },
    );
  });

  const busy = update.isPending || saved;
  return (
    // noValidate: docs/product/validation.md — no client-side checks; the server's messages are shown on the fields.
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('profile:edit.name')}
          autoComplete="name"
          leftSection={<IconUser size={16} aria-hidden />}
          data-autofocus
          readOnly={saved}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('profile:edit.email')}
          type="email"
          autoComplete="email"
          leftSection={<IconAt size={16} aria-hidden />}
          readOnly={saved}
          {...form.getInputProps('email')}
        />
        {emailChanges && (
          <PasswordInput
            label={t('profile:edit.currentPassword')}
            description={t('profile:edit.currentPasswordHint')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} aria-hidden />}
            readOnly={saved}
            {...form.getInputProps('currentPassword')}
          />
        )}
        <TextInput
          label={t('profile:edit.phone')}
          type="tel"
          autoComplete="tel"
          leftSection={<IconPhone size={16} aria-hidden />}
          readOnly={saved}
          {...form.getInputProps('phone')}
        />
        <LanguageSelect
          label={t('profile:edit.language')}
          description={t('profile:edit.languageHint')}
          readOnly={saved}
          value={form.values.language}
          onChange={(language) => form.setFieldValue('language', language)}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('profile:edit.cancel')}
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            color={saved ? 'green' : undefined}
            leftSection={saved ? <IconCheck size={16} aria-hidden /> : undefined}
          >
            {saved ? t('profile:edit.saved') : t('profile:edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
