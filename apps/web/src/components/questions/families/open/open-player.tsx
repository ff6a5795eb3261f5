import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Center, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconHourglassHigh, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkResult } from '@vbuilder/shared';
import { FileResponse } from './file-response.tsx';
import { MediaResponse } from './media-response.tsx';
import { NearViewport } from '../../../near-viewport.tsx';
import type { OpenAnswer, OpenPlayerProps, ResponsePartProps } from './open-types.ts';
import { SurveyResponse } from './survey-response.tsx';

// The rich text (TipTap) and code (CodeMirror) editors are large: load them only when a question needs them.
const RichTextResponse = lazy(() =>
  import('./rich-text-response.tsx').then((m) => ({ default: m.RichTextResponse })),
);
const CodeResponse = lazy(() => import('./code-response.tsx').then((m) => ({ default: m.CodeResponse })));
const LinkResponse = lazy(() => import('./link-response.tsx').then((m) => ({ default: m.LinkResponse })));

/** Merges a change into the answer, leaving out cleared fields so an empty answer stays `{}`. */
export function mergeAnswer(answer: OpenAnswer | null, patch: Partial<OpenAnswer>): OpenAnswer {
  const merged: Record<string, unknown> = { ...answer, ...patch };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged as OpenAnswer;
}

function EditorLoading() {
  const { t } = useTranslation('questions');
  return (
    <Center mih={200} role="status">
      <Loader size="sm" aria-hidden />
      <VisuallyHidden>{t('openPlayer.loadingEditor')}</VisuallyHidden>
    </Center>
  );
}

/** How an open answer stands once submitted: a teacher marks it, or (surveys) nothing is scored. */
export function OpenResultNotice({ result }: { result: MarkResult }) {
  const { t } = useTranslation('questions');
  if (result.status === 'manual') {
    return (
      <Alert color="blue" variant="light" icon={<IconHourglassHigh />} title={t('openPlayer.result.manual')}>
        {t('openPlayer.result.manualDetail')}
      </Alert>
    );
  }
  if (result.status === 'unscored') {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle />} title={t('openPlayer.result.unscored')}>
        {t('openPlayer.result.unscoredDetail')}
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck />}>
      {t('openPlayer.result.score', { score: result.score, max: result.max })}
    </Alert>
  );
}

/**
 * The open-response player: one component for every open type, switching on the configured
 * response kind (formatted text, code, audio, video, file, link plus text, survey). Controlled by
 * `value`; files and recordings also go to `onFile`, since only the API can store them.
 */
export function OpenPlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
  onFile,
}: OpenPlayerProps) {
  const { t } = useTranslation('questions');
  const config = question.config;
  const answer = value ?? {};
  const part: ResponsePartProps = {
    answer,
    config,
    update: (patch) => onChange(mergeAnswer(value, patch)),
    disabled,
    idPrefix,
    onFile,
  };

  let response: ReactNode;
  switch (config.responseKind) {
    case 'code':
      response = <CodeResponse {...part} />;
      break;
    case 'audio':
    case 'video':
      response = <MediaResponse {...part} kind={config.responseKind} />;
      break;
    case 'file':
      response = <FileResponse {...part} />;
      break;
    case 'link':
      response = <LinkResponse {...part} />;
      break;
    case 'survey':
      response = <SurveyResponse {...part} />;
      break;
    case 'richText':
    default:
      response = (
        <RichTextResponse
          id={`${idPrefix}-text`}
          label={t('openPlayer.richText.label')}
          value={answer.text}
          onChange={(text) => part.update({ text })}
          maxWords={config.maxWords}
          disabled={disabled}
        />
      );
  }

  return (
    <Stack gap="md" data-response-kind={config.responseKind}>
      <Suspense fallback={<EditorLoading />}>
        {config.responseKind === 'code' || config.responseKind === 'richText' || !config.responseKind ? (
          <NearViewport fallback={<EditorLoading />}>{response}</NearViewport>
        ) : (
          response
        )}
      </Suspense>
      {result && <OpenResultNotice result={result} />}
    </Stack>
  );
}
