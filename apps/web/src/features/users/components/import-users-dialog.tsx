import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  isSuperAdministrator,
  matchLanguage,
  type ImportUsersResult,
  type LanguageCode,
} from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { ChosenFile, FileDrop, rejectionOf } from '../../../components/forms/file-drop.tsx';
import { LanguageSelect } from '../../../components/forms/language-select.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
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
  const { t, i18n } = useTranslation(['users', 'errors', 'validation']);
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
    const why = rejectionOf(rejections);
    setFile(null);
    setProblem(
      why === 'too-large'
        ? 'file_too_large'
        : why === 'too-many'
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
      <FileDrop
        onDrop={(files) => {
          setProblem(null);
          setFile(files[0] ?? null);
        }}
        onReject={reject}
        accept={CSV_ACCEPT}
        maxSize={IMPORT_MAX_BYTES}
        multiple={false}
        loading={importUsers.isPending}
        label={t('users:import.dropzoneLabel')}
        title={t('users:import.drop')}
        hint={t('users:import.limits')}
        idleIcon={IconFileSpreadsheet}
      />
      {file && (
        <ChosenFile
          file={file}
          icon={IconFileSpreadsheet}
          iconSize={20}
          locale={i18n.language}
          removeLabel={t('users:import.remove', { name: file.name })}
          onRemove={() => setFile(null)}
          disabled={importUsers.isPending}
        />
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
