import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileImport, IconFileText, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_FORMATS,
  getQuestionType,
  type BankCategory,
  type ImportFormat,
  type QuestionImportResult,
} from '@vbuilder/shared';
import { ChosenFile, FileDrop, rejectionOf } from '../../../components/forms/file-drop.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { categoryOptions } from '../lib/category-tree.ts';
import { useImportQuestions } from '../api/question-imports.ts';

const MAX_BYTES = 50 * 1024 * 1024;
const TOP = '__top__';
const AUTO = '__auto__';

/**
 * "Import questions": choose a file and where its questions go, see the preview (every
 * question with its type, category path and what was kept only in part; every item left out with
 * its reason, as the server wrote it in the reader's language), then confirm to save. The save
 * sends the same file again, so what is saved is what the preview showed.
 */
export function ImportQuestionsDialog({
  opened,
  onClose,
  categories,
  defaultCategoryId,
  assessmentId,
  onImported,
}: {
  opened: boolean;
  onClose(): void;
  /** The bank's categories (a bank import); empty for an assessment. */
  categories: BankCategory[];
  defaultCategoryId?: string | null;
  /** Append to this assessment instead of the bank. */
  assessmentId?: string;
  /** After a save (the assessment editor takes the server's new questions). */
  onImported?(result: QuestionImportResult): void;
}) {
  const { t, i18n } = useTranslation(['questionImport', 'common', 'questionTypes', 'questions']);
  const errorText = useErrorText();
  const phone = useMediaQuery('(max-width: 36em)');
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<string>(AUTO);
  const [categoryId, setCategoryId] = useState<string>(defaultCategoryId ?? TOP);
  const [preview, setPreview] = useState<QuestionImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importer = useImportQuestions();

  const request = (mode: 'preview' | 'save') => ({
    file: file!,
    mode,
    format: format === AUTO ? null : (format as ImportFormat),
    categoryId: assessmentId || categoryId === TOP ? null : categoryId,
    assessmentId: assessmentId ?? null,
  });
  const messageOf = (e: unknown): string => {
    if (!isApiError(e)) return errorText('internal_error');
    // The file's own faults come worded by the server (with the line or element at fault).
    if (e.code.startsWith('import_') || e.code === 'file_too_large') return e.message;
    const detail = (e.details as { message?: string }[] | undefined)?.[0]?.message;
    if (detail === 'questionImport.errors.oneTarget') return t('questionImport:errors.oneTarget');
    if (detail === 'questionImport.errors.nothingToImport') return t('questionImport:errors.nothingToImport');
    if (detail) return errorText(detail);
    return errorText(e.code);
  };
  const run = (mode: 'preview' | 'save') => {
    setError(null);
    importer.mutate(request(mode), {
      onSuccess: (result) => {
        if (mode === 'preview') return setPreview(result);
        showToast('success', t('questionImport:saved', { count: result.saved?.count ?? 0 }));
        onImported?.(result);
        onClose();
      },
      onError: (e) => setError(messageOf(e)),
    });
  };
  const choose = (next: File | null) => {
    setFile(next);
    setPreview(null);
    setError(null);
  };
  const base =
    assessmentId || categoryId === TOP
      ? []
      : (categoryOptions(categories).find((o) => o.value === categoryId)?.label ?? '').split(' › ');
  // An assessment keeps no categories: the line is left out there.
  const pathOf = (category: string[]) =>
    assessmentId ? null : [...base, ...category].filter(Boolean).join(' › ');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      title={t('questionImport:title')}
    >
      <Stack gap="md">
        {!preview ? (
          <>
            <Text size="sm" c="gray.7">
              {t('questionImport:intro')}
            </Text>
            {file ? (
              <ChosenFile
                file={file}
                icon={IconFileText}
                locale={i18n.language}
                removeLabel={t('questionImport:remove')}
                onRemove={() => choose(null)}
                disabled={importer.isPending}
              />
            ) : (
              <FileDrop
                label={t('questionImport:drop.label')}
                title={t('questionImport:drop.title')}
                hint={t('questionImport:drop.hint')}
                idleIcon={IconFileImport}
                maxSize={MAX_BYTES}
                multiple={false}
                onDrop={(files) => choose(files[0] ?? null)}
                onReject={(rejections) => setError(t(`questionImport:drop.${rejectionOf(rejections)}`))}
              />
            )}
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('questionImport:format.label')}
                data={[
                  { value: AUTO, label: t('questionImport:format.auto') },
                  ...IMPORT_FORMATS.map((f) => ({ value: f, label: t(`questionImport:formats.${f}`) })),
                ]}
                value={format}
                onChange={(v) => setFormat(v ?? AUTO)}
                allowDeselect={false}
                miw={200}
              />
              {assessmentId ? null : (
                <Select
                  label={t('questionImport:target.label')}
                  description={t('questionImport:target.hint')}
                  data={[
                    { value: TOP, label: t('questionImport:target.top') },
                    ...categoryOptions(categories),
                  ]}
                  value={categoryId}
                  onChange={(v) => setCategoryId(v ?? TOP)}
                  allowDeselect={false}
                  searchable
                  miw={200}
                />
              )}
            </Group>
          </>
        ) : (
          <PreviewBody preview={preview} pathOf={pathOf} />
        )}
        {error ? (
          <Alert color="red" variant="light" role="alert" title={t('questionImport:failed')}>
            {error}
          </Alert>
        ) : null}
        {/* Kept in sight below a long preview: the decision is always one click away. */}
        <Group
          justify="flex-end"
          gap="sm"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          {preview ? (
            <>
              <Button variant="default" onClick={() => choose(null)} disabled={importer.isPending}>
                {t('questionImport:back')}
              </Button>
              <Button
                onClick={() => run('save')}
                loading={importer.isPending}
                disabled={preview.questions.length === 0}
              >
                {t('questionImport:save', { count: preview.questions.length })}
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={onClose}>
                {t('questionImport:cancel')}
              </Button>
              <Button onClick={() => run('preview')} loading={importer.isPending} disabled={!file}>
                {t('questionImport:preview')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function PreviewBody({
  preview,
  pathOf,
}: {
  preview: QuestionImportResult;
  pathOf(category: string[]): string | null;
}) {
  const { t } = useTranslation(['questionImport', 'questionTypes', 'questions']);
  return (
    <Stack gap="md">
      <Text fw={600} role="status">
        {t('questionImport:summary', {
          count: preview.questions.length,
          format: t(`questionImport:formats.${preview.format}`),
        })}
        {preview.skipped.length
          ? ` ${t('questionImport:skippedCount', { count: preview.skipped.length })}`
          : ''}
      </Text>
      {preview.skipped.length ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('questionImport:skippedTitle', { count: preview.skipped.length })}
        >
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {preview.skipped.map((s, i) => (
              <li key={i}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {s.item}
                </Text>
                <Text size="sm">{s.reason.message}</Text>
                {/* Where exactly, for whoever opens the file to fix it (an element path or a line). */}
                <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {t('questionImport:location', { location: s.location })}
                </Text>
              </li>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {preview.questions.length === 0 ? (
        <Text c="gray.7">{t('questionImport:nothing')}</Text>
      ) : (
        <>
          <Title order={3} size="h5">
            {t('questionImport:questionsTitle')}
          </Title>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {preview.questions.map((q, i) => {
              const path = pathOf(q.category);
              return (
                <Paper key={i} component="li" withBorder radius="md" p="sm">
                  <Stack gap={4}>
                    <Group gap={6}>
                      <Badge variant="light" color="indigo" tt="none" size="sm">
                        {t(getQuestionType(q.question.type).labelKey)}
                      </Badge>
                      <Badge variant="light" color="gray" tt="none" size="sm">
                        {t('questionImport:score', { count: q.question.score })}
                      </Badge>
                      {q.images ? (
                        <Badge
                          variant="light"
                          color="teal"
                          tt="none"
                          size="sm"
                          leftSection={<IconPhoto size={12} aria-hidden />}
                        >
                          {t('questionImport:images', { count: q.images })}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" fw={500} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                      {q.question.text}
                    </Text>
                    {path === null ? null : (
                      <Text size="xs" c="gray.7">
                        {path ? t('questionImport:category', { path }) : t('questionImport:noCategory')}
                      </Text>
                    )}
                    {q.warnings.length ? (
                      <div>
                        <Text size="xs" fw={600} c="orange.9">
                          {t('questionImport:warnings')}
                        </Text>
                        <List size="xs" spacing={2}>
                          {q.warnings.map((w, j) => (
                            <List.Item key={j}>{w.message}</List.Item>
                          ))}
                        </List>
                      </div>
                    ) : null}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        </>
      )}
    </Stack>
  );
}
