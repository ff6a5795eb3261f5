import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Question } from '@vbuilder/shared';
import { QuestionEditor } from '../../../components/questions/editors/question-editor.tsx';
import { QuestionPreview } from '../../../components/questions/preview/question-preview.tsx';

interface Props {
  /** The question to start from (the type's example). */
  initial: Question;
  idPrefix: string;
}

/**
 * Try a type, or write one's own question of it: the editor and the preview side by side in
 * time. A question saved in the editor (it passed the same checks the API applies) becomes the
 * one previewed; nothing leaves the browser.
 */
export function QuestionPlayground({ initial, idPrefix }: Props) {
  const { t } = useTranslation('questions');
  const [mode, setMode] = useState<'try' | 'edit'>('try');
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(initial);
  const [version, setVersion] = useState(0);

  return (
    <Stack gap="md">
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value as 'try' | 'edit')}
        aria-label={t('typesScreen.preview.modeLabel')}
        data={[
          { value: 'try', label: t('typesScreen.preview.modeTry') },
          { value: 'edit', label: t('typesScreen.preview.modeEdit') },
        ]}
      />
      {mode === 'try' ? (
        <QuestionPreview
          key={version}
          question={tried}
          idPrefix={`${idPrefix}-${version}`}
          headingOrder={3}
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('typesScreen.preview.editNote')}
          </Text>
          <QuestionEditor
            question={draft}
            onChange={setDraft}
            onSave={(question) => {
              setTried(question);
              setVersion((v) => v + 1);
              setMode('try');
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
