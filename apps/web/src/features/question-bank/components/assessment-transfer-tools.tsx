import { useState } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionImportResult } from '@vbuilder/shared';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { ExportQuestionsButton } from './export-questions-dialog.tsx';
import { ImportQuestionsDialog } from './import-questions-dialog.tsx';

/**
 * "Import questions" in the assessment editor: the bank's import dialog aimed at the assessment.
 * The server appends what it imports to the saved assessment; `onImported` lets the editor take
 * those questions into what it holds, so a later save keeps them. Once a student has started the
 * assessment its questions are locked (the server refuses with questions_locked): the button is
 * off and says why.
 */
export function ImportIntoAssessment({
  assessmentId,
  locked,
  onImported,
}: {
  assessmentId: string;
  locked: boolean;
  onImported(result: QuestionImportResult): void;
}) {
  const { t } = useTranslation(['questionImport']);
  const errorText = useErrorText();
  const [opened, setOpened] = useState<number | null>(null);
  const button = (
    <Button
      variant="light"
      leftSection={<IconFileImport size={16} aria-hidden />}
      onClick={() => setOpened(Date.now())}
      disabled={locked}
    >
      {t('questionImport:action')}
    </Button>
  );
  return (
    <>
      {!locked ? (
        button
      ) : (
        <Tooltip label={errorText('questions_locked')} multiline w={280} withArrow>
          {/* A disabled button gets no pointer events: the wrapper shows the reason. */}
          <span tabIndex={0}>{button}</span>
        </Tooltip>
      )}
      {opened ? (
        <ImportQuestionsDialog
          key={opened}
          opened
          onClose={() => setOpened(null)}
          categories={[]}
          assessmentId={assessmentId}
          onImported={onImported}
        />
      ) : null}
    </>
  );
}

/** "Export" in the assessment editor: the assessment's saved questions in another platform's format. */
export function ExportAssessment({
  assessmentId,
  title,
  count,
  unsaved,
}: {
  assessmentId: string;
  title: string;
  /** Saved questions (the file holds what the server has). */
  count: number;
  unsaved: boolean;
}) {
  const { t } = useTranslation(['questionImport']);
  return (
    <ExportQuestionsButton
      variant="light"
      source={{ kind: 'assessment', assessmentId }}
      description={t('questionImport:export.ofAssessment', { count, title })}
      note={unsaved ? t('questionImport:export.unsaved') : null}
      disabled={count === 0}
    />
  );
}
