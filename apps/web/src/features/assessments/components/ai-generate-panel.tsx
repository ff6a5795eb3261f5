import { useId, useState, type JSX } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DIFFICULTIES,
  type AiGenerateResponse,
  type Difficulty,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { LANGUAGES } from '../../../lib/languages.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useAiConfigured } from '../api/ai-configured.ts';
import { useGenerateQuestions } from '../api/generate-questions.ts';
import {
  firstProblem,
  initialTypeCounts,
  toGenerateRequest,
  type AiPanelProblem,
  type AiPanelValues,
  type TypeCount,
} from './ai-generation-request.ts';
import { AiGenerationFeedback } from './ai-generation-feedback.tsx';
import { AiSourceField } from './ai-source-field.tsx';
import { AiTypeCounts } from './ai-type-counts.tsx';

export interface AiGeneratePanelProps {
  /** Prefilled from the assessment being written; the teacher may change them in the panel. */
  defaults: { title: string; subject: string; difficulty: Difficulty; language: string };
  /** Types the organization's plan allows (others shown disabled with the plan that has them). */
  allowedTypes: readonly QuestionTypeId[];
  /**
   * Types pre-selected (e.g. from the wizard's Select Questions step), each as a type id (count 1)
   * or with the number of questions to write.
   */
  initialTypes?: readonly (QuestionTypeId | TypeCount)[];
  /** Called with the generated valid questions (and rejected items) for the teacher to review. */
  onGenerated(result: AiGenerateResponse): void;
  /** Generation is off (the monthly limit is reached: the assessment could not be saved anyway). */
  disabled?: boolean;
  /** The id of the text saying why it is off. */
  disabledReasonId?: string;
}

/**
 * AI question generation (docs/product/validation.md): title, subject, difficulty and language prefilled from the
 * assessment, the types and how many of each, optional source material, and Generate. The documented
 * checks run before calling; the questions go to `onGenerated` for review, nothing is saved here.
 */
export function AiGeneratePanel({
  defaults,
  allowedTypes,
  initialTypes,
  onGenerated,
  disabled = false,
  disabledReasonId,
}: AiGeneratePanelProps): JSX.Element {
  const { t } = useTranslation(['aiGeneration', 'assessments']);
  const errorText = useErrorText();
  const idPrefix = `ai-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const generate = useGenerateQuestions();
  // No model on the server: said before the teacher fills the panel in, not after Generate (as the
  // assistant does). Unknown (null) leaves Generate on; the server's answer then says why.
  const noModel = useAiConfigured().data === false;
  const noModelId = `${idPrefix}-no-model`;
  const [values, setValues] = useState<AiPanelValues>(() => ({
    ...defaults,
    types: initialTypeCounts(initialTypes, allowedTypes),
    sourceText: '',
  }));
  const [problem, setProblem] = useState<AiPanelProblem | null>(null);
  const [result, setResult] = useState<AiGenerateResponse | null>(null);

  const change = (patch: Partial<AiPanelValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Once shown, a problem follows the values, so fixing it clears it.
    if (problem) setProblem(firstProblem(next));
  };
  const errorAt = (field: AiPanelProblem['field']) =>
    problem?.field === field ? errorText(problem.message) : undefined;

  const languages = LANGUAGES.some((l) => l.code === values.language)
    ? LANGUAGES
    : [...LANGUAGES, { code: values.language, name: values.language }];

  const submit = () => {
    const found = firstProblem(values);
    setProblem(found);
    if (found) {
      // An earlier call's failure no longer describes what is on screen.
      generate.reset();
      setResult(null);
      const target =
        found.field === 'counts'
          ? `${idPrefix}-types`
          : `${idPrefix}-${found.field === 'sourceText' ? 'source' : found.field}`;
      document.getElementById(target)?.focus();
      return;
    }
    setResult(null);
    generate.mutate(toGenerateRequest(values), {
      onSuccess: (response) => {
        setResult(response);
        onGenerated(response);
      },
    });
  };

  const busy = generate.isPending;
  const headingId = `${idPrefix}-heading`;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={headingId}
    >
      {/* Not a <form>: the panel sits inside the wizard's and the editor's own forms. */}
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} id={headingId} size="h4">
            {t('panel.heading')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('panel.description')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            id={`${idPrefix}-title`}
            label={t('panel.title')}
            value={values.title}
            onChange={(event) => change({ title: event.currentTarget.value })}
            error={errorAt('title')}
            withAsterisk
            disabled={busy}
          />
          <TextInput
            id={`${idPrefix}-subject`}
            label={t('panel.subject')}
            value={values.subject}
            onChange={(event) => change({ subject: event.currentTarget.value })}
            disabled={busy}
          />
          <Select
            id={`${idPrefix}-difficulty`}
            label={t('panel.difficulty')}
            data={DIFFICULTIES.map((d) => ({ value: d, label: t(`assessments:difficulty.${d}`) }))}
            value={values.difficulty}
            onChange={(next) => next && change({ difficulty: next as Difficulty })}
            allowDeselect={false}
            disabled={busy}
          />
          <Select
            id={`${idPrefix}-language`}
            label={t('panel.language')}
            data={languages.map((l) => ({ value: l.code, label: l.name }))}
            value={values.language}
            onChange={(next) => next && change({ language: next })}
            allowDeselect={false}
            disabled={busy}
          />
        </SimpleGrid>
        <AiTypeCounts
          allowedTypes={allowedTypes}
          value={values.types}
          onChange={(types) => change({ types })}
          idPrefix={idPrefix}
          typesError={errorAt('types')}
          countsError={errorAt('counts')}
          disabled={busy}
        />
        <AiSourceField
          value={values.sourceText}
          onChange={(sourceText) => change({ sourceText })}
          idPrefix={idPrefix}
          error={errorAt('sourceText')}
          disabled={busy}
        />
        <AiGenerationFeedback error={generate.error} result={busy ? null : result} />
        {noModel ? (
          <Alert
            id={noModelId}
            color="orange"
            variant="light"
            icon={<IconKey size={20} aria-hidden />}
            title={t('panel.noModelTitle')}
          >
            {t('panel.noModelBody')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {busy ? (
            <Text size="sm" c="gray.7" role="status">
              {t('panel.generating')}
            </Text>
          ) : null}
          <Button
            type="button"
            onClick={submit}
            loading={busy}
            disabled={disabled || noModel}
            aria-describedby={disabled ? disabledReasonId : noModel ? noModelId : undefined}
            leftSection={<IconSparkles size={18} aria-hidden />}
          >
            {t('panel.generate')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
