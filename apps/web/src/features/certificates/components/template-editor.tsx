import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_LIMITS,
  CERTIFICATE_LOGO_TYPES,
  CertificateTemplateBodySchema,
  type CertificatePlaceholder,
  type CertificateTemplate,
  type CertificateTemplateBody,
} from '@vbuilder/shared';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { codeOf } from '../../../lib/api-errors.ts';
import { formatBytes, formatDate } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import {
  useCertificateTemplate,
  useRemoveLogo,
  useSaveTemplate,
  useTemplateLogo,
  useUploadLogo,
} from '../api/template.ts';
import { CERTIFICATE_PLACEHOLDERS, insertAt, token } from '../lib/placeholders.ts';
import { CertificatePreview } from './certificate-preview.tsx';

type Field = keyof CertificateTemplateBody;
const bodyOf = (template: CertificateTemplate): CertificateTemplateBody => ({
  title: template.title,
  body: template.body,
  signatoryName: template.signatoryName,
  signatoryTitle: template.signatoryTitle,
  primaryColor: template.primaryColor,
  accentColor: template.accentColor,
});

/** The object URL of the logo Blob while it is shown. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The organization's certificate template (Administrators) with a live preview beside it. */
export function TemplateEditor() {
  const template = useCertificateTemplate();
  const { t } = useTranslation('certificates');
  if (template.isError) {
    return (
      <LoadErrorCard
        heading={t('template.loadFailed')}
        error={template.error}
        onRetry={() => void template.refetch()}
        retrying={template.isFetching}
      />
    );
  }
  if (!template.data) return <Skeleton h={420} radius="lg" />;
  return <TemplateForm key={template.data.updatedAt ?? 'default'} template={template.data} />;
}

function TemplateForm({ template }: { template: CertificateTemplate }) {
  const { t, i18n } = useTranslation('certificates');
  const errorText = useErrorText();
  const [values, setValues] = useState<CertificateTemplateBody>(() => bodyOf(template));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [logoError, setLogoError] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveTemplate();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const logo = useTemplateLogo(template.logoKey);
  const logoUrl = useObjectUrl(template.logoKey ? logo.data : undefined);

  const set = <K extends keyof CertificateTemplateBody>(field: K, value: CertificateTemplateBody[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const insert = (name: CertificatePlaceholder) => {
    const area = bodyRef.current;
    const start = area?.selectionStart ?? values.body.length;
    const end = area?.selectionEnd ?? values.body.length;
    const next = insertAt(values.body, token(name), start, end);
    set('body', next.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  const placeholderLabels: Record<CertificatePlaceholder, string> = {
    student: t('placeholders.student'),
    assessment: t('placeholders.assessment'),
    score: t('placeholders.score'),
    date: t('placeholders.date'),
    organization: t('placeholders.organization'),
  };

  const sample = useMemo(
    () => ({
      student: t('preview.student'),
      assessment: t('preview.assessment'),
      score: t('preview.score', { score: 18, max: 20, percentage: 90 }),
      date: formatDate(new Date().toISOString(), i18n.language),
      organization: t('preview.organization'),
    }),
    [t, i18n.language],
  );

  const submit = async () => {
    const parsed = CertificateTemplateBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= errorText(issue.message);
      }
      setErrors(next);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      showToast('success', t('template.saved'), t('template.savedTitle'));
    } catch {
      // Shown under the form.
    }
  };

  const chooseLogo = async (file: File | null) => {
    setLogoError(null);
    if (!file) return;
    if (!(CERTIFICATE_LOGO_TYPES as readonly string[]).includes(file.type)) {
      setLogoError(t('template.logoType'));
      return;
    }
    if (file.size > CERTIFICATE_LIMITS.logoMaxBytes) {
      setLogoError(
        t('template.logoTooLarge', { size: formatBytes(CERTIFICATE_LIMITS.logoMaxBytes, i18n.language) }),
      );
      return;
    }
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      setLogoError(errorText(codeOf(error) ?? 'internal_error'));
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('template.heading')}
            </Title>
            <TextInput
              label={t('template.title')}
              required
              maxLength={CERTIFICATE_LIMITS.titleMax}
              value={values.title}
              error={errors.title}
              onChange={(event) => set('title', event.currentTarget.value)}
            />
            <Stack gap={6}>
              <Textarea
                ref={bodyRef}
                label={t('template.body')}
                description={t('template.bodyHint')}
                required
                autosize
                minRows={3}
                maxLength={CERTIFICATE_LIMITS.bodyMax}
                value={values.body}
                error={errors.body}
                onChange={(event) => set('body', event.currentTarget.value)}
              />
              <Group gap={6} role="group" aria-label={t('template.insertLabel')}>
                {CERTIFICATE_PLACEHOLDERS.map((name) => (
                  <Button
                    key={name}
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => insert(name)}
                    title={token(name)}
                  >
                    {placeholderLabels[name]}
                  </Button>
                ))}
              </Group>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('template.signatoryName')}
                maxLength={CERTIFICATE_LIMITS.signatoryMax}
                value={values.signatoryName}
                error={errors.signatoryName}
                onChange={(event) => set('signatoryName', event.currentTarget.value)}
              />
              <TextInput
                label={t('template.signatoryTitle')}
                maxLength={CERTIFICATE_LIMITS.signatoryMax}
                value={values.signatoryTitle}
                error={errors.signatoryTitle}
                onChange={(event) => set('signatoryTitle', event.currentTarget.value)}
              />
              <ColorInput
                label={t('template.primaryColor')}
                format="hex"
                value={values.primaryColor}
                error={errors.primaryColor}
                onChange={(value) => set('primaryColor', value)}
                eyeDropperButtonProps={{ 'aria-label': t('template.pickColor') }}
                swatches={['#1e3a8a', '#4338ca', '#0f766e', '#166534', '#9a3412', '#7e22ce', '#111827']}
              />
              <ColorInput
                label={t('template.accentColor')}
                format="hex"
                value={values.accentColor}
                error={errors.accentColor}
                onChange={(value) => set('accentColor', value)}
                eyeDropperButtonProps={{ 'aria-label': t('template.pickColor') }}
                swatches={['#b45309', '#ca8a04', '#0369a1', '#be123c', '#15803d', '#6d28d9', '#6b7280']}
              />
            </SimpleGrid>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('template.logo')}
              </Text>
              <Group gap="sm">
                {logoUrl && (
                  <Image
                    src={logoUrl}
                    alt={t('template.logoAlt')}
                    h={40}
                    w="auto"
                    fit="contain"
                    radius="sm"
                  />
                )}
                <FileButton
                  onChange={(file) => void chooseLogo(file)}
                  accept={CERTIFICATE_LOGO_TYPES.join(',')}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconPhotoUp size={16} aria-hidden />}
                      loading={upload.isPending}
                    >
                      {template.logoKey ? t('template.replaceLogo') : t('template.uploadLogo')}
                    </Button>
                  )}
                </FileButton>
                {template.logoKey && (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    loading={remove.isPending}
                    onClick={() => remove.mutate()}
                  >
                    {t('template.removeLogo')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c={logoError ? 'red.8' : 'gray.7'} role={logoError ? 'alert' : undefined}>
                {logoError ??
                  t('template.logoHint', {
                    size: formatBytes(CERTIFICATE_LIMITS.logoMaxBytes, i18n.language),
                  })}
              </Text>
            </Stack>
            <ServerErrorAlert code={save.isError ? (codeOf(save.error) ?? 'internal_error') : null} />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="gray.7">
                {template.updatedAt
                  ? t('template.updatedAt', { date: formatDate(template.updatedAt, i18n.language) })
                  : t('template.isDefault')}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => setValues(bodyOf(template))}>
                  {t('template.reset')}
                </Button>
                <Button onClick={() => void submit()} loading={save.isPending}>
                  {t('template.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('template.preview')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('template.previewHint')}
          </Text>
          <CertificatePreview template={values} values={sample} logoUrl={logoUrl} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
