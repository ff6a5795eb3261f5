import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Stack,
  Text,
  type ButtonProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconFileExport, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, getQuestionType, type ExportFormat } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useDownloadExport, useExportCheck, type ExportSource } from '../api/question-exports.ts';

/**
 * "Export questions": choose a format, see at once which questions it cannot carry and why, and
 * which parts of the others it has no place for (the server's check, in the reader's language),
 * then download. Nothing is left out silently: both lists are on screen before the download
 * button is pressed.
 */
export function ExportQuestionsDialog({
  opened,
  onClose,
  source,
  description,
  note,
}: {
  opened: boolean;
  onClose(): void;
  source: ExportSource;
  /** What is exported, in words ("All 12 questions of “Fractions”", "3 selected questions"). */
  description: string;
  /** A caveat shown above the formats (the editor: unsaved changes are not in the file). */
  note?: string | null;
}) {
  const { t } = useTranslation(['questionImport', 'questionBank', 'common', 'questionTypes']);
  const errorText = useErrorText();
  const phone = useMediaQuery('(max-width: 36em)');
  const [format, setFormat] = useState<ExportFormat>('qti3');
  const check = useExportCheck(source, opened ? format : null);
  const download = useDownloadExport();
  const result = check.data;
  // A refused selection says why (too many questions, two sources); anything else by its code.
  const whyNot = (e: unknown) => {
    const detail = isApiError(e)
      ? (e.details as { message?: string }[] | undefined)?.[0]?.message
      : undefined;
    return detail?.startsWith('questionBank.errors.')
      ? t(`questionBank:${detail.slice('questionBank.'.length)}`)
      : errorText(errorCodeOf(e));
  };
  const ready = !!result && !check.isFetching;

  const save = () => {
    if (!result) return;
    download.mutate(
      { source, format, fileName: result.fileName },
      {
        onSuccess: (fileName) => {
          showToast('success', t('questionImport:export.downloaded', { fileName }));
          onClose();
        },
        onError: (e) => showToast('failure', errorText(errorCodeOf(e)), t('questionImport:export.failed')),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      title={t('questionImport:export.title')}
    >
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        {note ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
            {note}
          </Alert>
        ) : null}
        <Radio.Group
          label={t('questionImport:export.formatLabel')}
          value={format}
          onChange={(value) => setFormat(value as ExportFormat)}
        >
          <Stack gap="xs" mt="xs">
            {EXPORT_FORMATS.map((f) => (
              <Radio
                key={f}
                value={f}
                label={t(`questionImport:export.formats.${f}.label`)}
                description={t(`questionImport:export.formats.${f}.hint`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <div aria-live="polite">
          {check.isFetching ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="gray.7">
                {t('questionImport:export.checking')}
              </Text>
            </Group>
          ) : check.isError ? (
            <Alert color="red" variant="light" role="alert" title={t('questionImport:export.checkFailed')}>
              {whyNot(check.error)}
            </Alert>
          ) : result ? (
            <Stack gap="sm">
              <Text fw={600} role="status">
                {result.total === 0
                  ? t('questionImport:export.empty')
                  : t('questionImport:export.summary', { count: result.total, exported: result.exported })}
              </Text>
              {result.draws ? (
                <Text size="sm" c="gray.8">
                  {t('questionImport:export.draws', { count: result.draws })}
                </Text>
              ) : null}
              {result.notExportable.length ? (
                <Alert
                  color="orange"
                  variant="light"
                  icon={<IconAlertTriangle size={20} aria-hidden />}
                  title={t('questionImport:export.leftOutTitle', { count: result.notExportable.length })}
                >
                  <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {result.notExportable.map((n) => (
                      <li key={n.questionId}>
                        <Group gap={6} wrap="nowrap" align="flex-start">
                          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {t('questionImport:export.question', { number: n.number, label: n.label })}
                          </Text>
                        </Group>
                        <Badge variant="light" color="gray" tt="none" size="sm" my={2}>
                          {t(getQuestionType(n.type).labelKey)}
                        </Badge>
                        <Text size="sm">{n.reason.message}</Text>
                      </li>
                    ))}
                  </Stack>
                </Alert>
              ) : null}
              {result.partial.length ? (
                <Alert
                  color="blue"
                  variant="light"
                  icon={<IconInfoCircle size={20} aria-hidden />}
                  title={t('questionImport:export.partialTitle', { count: result.partial.length })}
                >
                  <Text size="sm" mb="xs">
                    {t('questionImport:export.partialHint')}
                  </Text>
                  <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {result.partial.map((p) => (
                      <li key={p.questionId}>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {t('questionImport:export.question', { number: p.number, label: p.label })}
                        </Text>
                        <Badge variant="light" color="gray" tt="none" size="sm" my={2}>
                          {t(getQuestionType(p.type).labelKey)}
                        </Badge>
                        <Stack gap={2} component="ul" style={{ margin: 0, paddingInlineStart: '1.1rem' }}>
                          {p.lost.map((reason, i) => (
                            <Text key={i} size="sm" component="li">
                              {reason.message}
                            </Text>
                          ))}
                        </Stack>
                      </li>
                    ))}
                  </Stack>
                </Alert>
              ) : null}
              {result.total > 0 && result.exported === 0 ? (
                <Text size="sm" c="red.8">
                  {t('questionImport:export.nothing')}
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </div>
        <Group
          justify="flex-end"
          gap="sm"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Button variant="default" onClick={onClose}>
            {t('questionImport:cancel')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={save}
            loading={download.isPending}
            disabled={!ready || result.exported === 0}
          >
            {ready && result.notExportable.length
              ? t('questionImport:export.downloadWithout', { count: result.exported })
              : t('questionImport:export.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The "Export" button and its dialog, for the bank screen and the assessment editor. */
export function ExportQuestionsButton({
  source,
  description,
  note,
  disabled,
  variant = 'default',
}: {
  source: ExportSource;
  description: string;
  note?: string | null;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
}) {
  const { t } = useTranslation(['questionImport']);
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <>
      <Button
        variant={variant}
        leftSection={<IconFileExport size={16} aria-hidden />}
        onClick={() => setOpened(Date.now())}
        disabled={disabled}
      >
        {t('questionImport:export.action')}
      </Button>
      {opened ? (
        <ExportQuestionsDialog
          key={opened}
          opened
          onClose={() => setOpened(null)}
          source={source}
          description={description}
          note={note}
        />
      ) : null}
    </>
  );
}
