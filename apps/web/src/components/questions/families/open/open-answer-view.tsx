import { lazy, Suspense, useId } from 'react';
import { Loader, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OpenAnswerSchema, OpenConfigSchema } from '@vbuilder/shared';
import type { AnswerViewProps } from '../../family-ui.ts';
import { FileDownloads } from './file-downloads.tsx';
import { ProtectedMedia } from './protected-media.tsx';

// The editors behind these views are large: load them only when an answer needs them.
const RichTextView = lazy(() => import('./rich-text-view.tsx').then((m) => ({ default: m.RichTextView })));
const ReadOnlyCode = lazy(() => import('./read-only-code.tsx').then((m) => ({ default: m.ReadOnlyCode })));

/** An open answer (essay, code, recording, file, link, survey) shown for reading and marking. */
export function OpenAnswerView({ question }: AnswerViewProps) {
  const { t } = useTranslation(['submissions', 'questions']);
  const labelId = useId();
  const config = OpenConfigSchema.safeParse(question.question.config);
  const parsed = OpenAnswerSchema.safeParse(question.answer ?? {});
  const answer = parsed.success ? parsed.data : {};
  const kind = config.success ? config.data.responseKind : 'richText';
  const text = answer.text?.trim() ?? '';
  const code = answer.code ?? '';

  const parts = [];
  if (kind === 'code' && code.trim()) {
    parts.push(
      <div key="code">
        <Text id={`${labelId}-code`} size="sm" fw={600} mb={4}>
          {t('answer.code', {
            language: t(`questions:openPlayer.code.languages.${question.codeLanguage ?? 'other'}`, {
              defaultValue: question.codeLanguage ?? '',
            }),
          })}
        </Text>
        <ReadOnlyCode code={code} language={question.codeLanguage} labelledBy={`${labelId}-code`} />
      </div>,
    );
  }
  if ((kind === 'audio' || kind === 'video') && answer.mediaUrl) {
    parts.push(
      <ProtectedMedia
        key="media"
        kind={kind}
        url={answer.mediaUrl}
        label={t(kind === 'audio' ? 'answer.audio' : 'answer.video')}
      />,
    );
  }
  if (text && (kind === 'richText' || kind === 'link')) {
    parts.push(
      <div key="text">
        <Text id={`${labelId}-text`} size="sm" fw={600} mb={4}>
          {t('answer.text')}
        </Text>
        <RichTextView html={text} labelledBy={`${labelId}-text`} />
      </div>,
    );
  } else if (text) {
    // A file's note and any other text part is plain text.
    parts.push(
      <div key="note">
        <Text size="sm" fw={600} mb={4}>
          {t('answer.note')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      </div>,
    );
  }
  if (kind === 'survey' && answer.choices?.length) {
    parts.push(
      <List key="choices" size="sm">
        {answer.choices.map((choice) => (
          <List.Item key={choice}>{choice}</List.Item>
        ))}
      </List>,
    );
  }
  if (question.files.length > 0) {
    parts.push(
      <div key="files">
        <Text size="sm" fw={600} mb={4}>
          {t('answer.files')}
        </Text>
        <FileDownloads files={question.files} />
      </div>,
    );
  }

  if (parts.length === 0) {
    return (
      <Text size="sm" c="gray.7" fs="italic">
        {t('answer.none')}
      </Text>
    );
  }
  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('answer.loading')} />}>
      <Stack gap="sm">{parts}</Stack>
    </Suspense>
  );
}
