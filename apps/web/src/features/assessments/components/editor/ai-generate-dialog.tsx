import type { AiGenerateResponse, Difficulty, QuestionTypeId } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/app-modal.tsx';
import { AiGeneratePanel } from '../ai-generate-panel.tsx';

export interface AiGenerateDialogProps {
  opened: boolean;
  onClose(): void;
  defaults: { title: string; subject: string; difficulty: Difficulty; language: string };
  allowedTypes: readonly QuestionTypeId[];
  /** The types already in the assessment, one question each to start from. */
  initialTypes: readonly { type: QuestionTypeId; count: number }[];
  onGenerated(response: AiGenerateResponse): void;
}

/** 'AI-generate more': the AI generator in a dialog; the questions it writes join the list. */
export function AiGenerateDialog({ opened, onClose, onGenerated, ...panel }: AiGenerateDialogProps) {
  const { t } = useTranslation('assessmentEditor');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('list.aiMoreTitle')} size="xl" fullScreenOnPhone>
      <AiGeneratePanel
        {...panel}
        onGenerated={(response) => {
          onGenerated(response);
          onClose();
        }}
      />
    </AppModal>
  );
}
