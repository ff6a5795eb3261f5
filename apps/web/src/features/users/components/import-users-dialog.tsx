import { useState } from 'react';
import { Alert, Anchor, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  isSuperAdministrator,
  matchLanguage,
  type ImportUsersResult,
  type LanguageCode,
} from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { LanguageSelect } from '../../../components/forms/language-select.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { formatBytes } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useImportUsers } from '../api/import-users.ts';
import {
  CSV_ACCEPT,
  CSV_TEMPLATE_FILE,
  csvTemplateHref,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
} from '../lib/csv.ts';
import type { Viewer } from '../lib/permissions.ts';
import { ImportReport } from './import-report.tsx';
import { OrganizationSelect } from './organization-select.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  viewer: Viewer | null;
  /** Importing from an organization's page: the students join that organization. */
  organizationId?: string;
}

/** 'Import students from CSV': pick a file, send it, then see what was added and what was rejected. */
export function ImportUsersDialog({ opened, onClose, viewer, organizationId }: Props) {
  const { t } = useTranslation('users');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('import.title')} size="lg">
      {opened && <ImportUsersBody onClose={onClose} viewer={viewer} organizationId={organizationId} />}
    </AppModal>
  );
}

function ImportUsersBody({ onClose, viewer, organizationId }: Omit<Props, 'opened'>) {
  const { t, i18n } = useTranslation(['users', 'errors']);
  const errorText = useErrorText();
  const importUsers = useImportUsers();
  const [file, setFile] = useState<File | null>(null);
  const [pickedOrganization, setPickedOrganization] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportUsersResult | null>(null);
  // Rows without a language column are invited in this one: the importer's own unless changed.
  const [language, setLanguage] = useState<LanguageCode>(matchLanguage(i18n.language) ?? FALLBACK_LANGUAGE);
  // The Super Administrator imports into a named organization (the API's ?organizationId=).
  const picksOrganization = isSuperAdministrator(viewer?.role) && organizationId === undefined;
  const target = organizationId ?? (picksOrganization ? (pickedOrganization ?? undefined) : undefined);

  const reject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
    setFile(null);
    setProblem(
      codes.includes('file-too-large')
        ? 'file_too_large'
        : codes.includes('too-many-files')
          ? 'import_one_file'
          : 'unsupported_file_type',
    );
  };

  const send = () => {
    if (!file || importUsers.isPending) return;
    if (picksOrganization && !pickedOrganization) {
      setProblem('organization_required');
      return;
    }
    setProblem(null);
    importUsers.mutate(
      { file, organizationId: target, language },
      {
        onSuccess: setResult,
        onError: (error) => setProblem(errorCodeOf(error)),
      },
    );
  };

  if (result) {
    return (
      <Stack gap="md">
        <ImportReport result={result} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              setResult(null);
              setFile(null);
            }}
          >
            {t('users:import.another')}
          </Button>
          <Button onClick={onClose}>{t('users:import.done')}</Button>
        </Group>
      </Stack>
    );
  }

  const problemText =
    problem === 'organization_required'
      ? t('validation:validation.organizationRequired')
      : problem === 'import_one_file'
        ? t('users:import.oneFile')
        : problem
          ? errorText(problem)
          : null;

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('users:import.description', { rows: IMPORT_MAX_ROWS })}
      </Text>

      <Group gap={6}>
        <IconDownload size={16} aria-hidden />
        <Anchor href={csvTemplateHref()} download={CSV_TEMPLATE_FILE} size="sm">
          {t('users:import.template')}
        </Anchor>
      </Group>
      <LanguageSelect
        label={t('users:form.language')}
        description={t('users:import.languageHint')}
        value={language}
        onChange={setLanguage}
        disabled={importUsers.isPending}
      />
      {picksOrganization && (
        <OrganizationSelect
          label={t('users:form.organization')}
          placeholder={t('users:form.organizationPlaceholder')}
          withAsterisk
          value={pickedOrganization}
          onChange={setPickedOrganization}
        />
      )}
      <Dropzone
        onDrop={(files) => {
          setProblem(null);
          setFile(files[0] ?? null);
        }}
        onReject={reject}
        accept={CSV_ACCEPT}
        maxSize={IMPORT_MAX_BYTES}
        multiple={false}
        loading={importUsers.isPending}
        radius="md"
        aria-label={t('users:import.dropzoneLabel')}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} color="var(--mantine-color-indigo-7)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={40} stroke={1.5} color="var(--mantine-color-gray-7)" aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={600}>{t('users:import.drop')}</Text>
            <Text size="sm" c="gray.7" mt={4}>
              {t('users:import.limits')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {file && (
        <Paper withBorder radius="md" px="md" py="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconFileSpreadsheet size={20} aria-hidden />
              <Text size="sm" fw={600} truncate>
                {file.name}
              </Text>
              <Text size="sm" c="gray.7">
                {formatBytes(file.size, i18n.language)}
              </Text>
            </Group>
            <CloseButton
              aria-label={t('users:import.remove', { name: file.name })}
              onClick={() => setFile(null)}
              disabled={importUsers.isPending}
            />
          </Group>
        </Paper>
      )}
      {problemText && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {problemText}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('users:form.cancel')}
        </Button>
        <Button onClick={send} disabled={!file} loading={importUsers.isPending}>
          {t('users:import.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
