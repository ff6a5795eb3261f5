import type { ReactNode } from 'react';
import {
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider, TimeInput } from '@mantine/dates';
import { IconClock, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ASSESSMENT_LIMITS,
  DIFFICULTIES,
  GENERATION_TYPES,
  RELEASE_POLICIES,
  REVIEW_POLICIES,
  type AssessmentStatus,
  type Difficulty,
  type GenerationType,
  type ReleasePolicy,
  type ReviewPolicy,
} from '@vbuilder/shared';
import { LANGUAGES } from '../../../../lib/languages.ts';
import { browserTimeZone, useDatesLocale } from '../../hooks/use-dates-locale.ts';
import { useMessageText } from '../../hooks/use-message-text.ts';
import type { DetailsField, DetailsValues } from './details-values.ts';
import { StudentPicker } from './student-picker.tsx';

export interface AssessmentDetailsFieldsProps {
  values: DetailsValues;
  onChange(patch: Partial<DetailsValues>): void;
  /** Field → message key. */
  errors: Partial<Record<DetailsField, string>>;
  /** The sum of the question scores (total marks are never typed). */
  totalMarks: number;
  /** The edit screen lets the generation type change; the wizard chose it in its own step. */
  generationType?: { value: GenerationType; onChange(value: GenerationType): void };
  /** Prefix for element ids, so the fields can be found by label. */
  idPrefix?: string;
  /** Publish or keep as draft here (the edit screen); the wizard asks it on its last step. */
  withPublishing?: boolean;
  /**
   * The automatic certificate switch: shown to those who may change it (the organization's
   * Administrators); for others its value is kept as loaded and saved unchanged.
   */
  withAutoCertificate?: boolean;
}

function Section({
  title,
  children,
  description,
}: {
  title: string;
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          {description}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Every detail of an assessment (docs/product/screens.md wizard step 'Set Assessment Details' and the edit
 * screen): one component for both. Dates and times are picked in the browser's time zone, whose
 * name is shown beside them.
 */
export function AssessmentDetailsFields({
  values,
  onChange,
  errors,
  totalMarks,
  generationType,
  idPrefix = 'details',
  withPublishing = true,
  withAutoCertificate = false,
}: AssessmentDetailsFieldsProps) {
  const { t, i18n } = useTranslation(['assessmentEditor', 'assessments']);
  const messageText = useMessageText();
  const datesLocale = useDatesLocale();
  const errorOf = (field: DetailsField) => (errors[field] ? messageText(errors[field]) : undefined);
  const id = (field: string) => `${idPrefix}-${field}`;

  const languages: { value: string; label: string }[] = LANGUAGES.map((language) => ({
    value: language.code,
    label: language.name,
  }));
  if (!languages.some((language) => language.value === values.language)) {
    languages.push({ value: values.language, label: values.language });
  }

  const dateTime = (which: 'start' | 'end' | 'due') => {
    const dateField = `${which}Date` as const;
    const timeField = `${which}Time` as const;
    return (
      <Group gap="sm" align="flex-start" wrap="nowrap" grow>
        <DateInput
          id={id(dateField)}
          label={t(`assessmentEditor:details.schedule.${which}Date`)}
          placeholder={t('assessmentEditor:details.schedule.datePlaceholder')}
          valueFormat="YYYY-MM-DD"
          value={values[dateField]}
          onChange={(value) => onChange({ [dateField]: value } as Partial<DetailsValues>)}
          clearable
          clearButtonProps={{ 'aria-label': t('assessmentEditor:details.schedule.clearDate') }}
          error={errorOf(dateField)}
          popoverProps={{ withinPortal: true }}
        />
        <TimeInput
          id={id(timeField)}
          label={t(`assessmentEditor:details.schedule.${which}Time`)}
          leftSection={<IconClock size={16} aria-hidden />}
          value={values[timeField]}
          onChange={(event) => onChange({ [timeField]: event.currentTarget.value } as Partial<DetailsValues>)}
          error={errorOf(timeField)}
        />
      </Group>
    );
  };

  return (
    <DatesProvider settings={{ locale: datesLocale }}>
      <Stack gap="lg">
        <Section title={t('assessmentEditor:details.about.title')}>
          <TextInput
            id={id('title')}
            label={t('assessmentEditor:details.about.name')}
            placeholder={t('assessmentEditor:details.about.namePlaceholder')}
            required
            maxLength={ASSESSMENT_LIMITS.titleMax}
            value={values.title}
            onChange={(event) => onChange({ title: event.currentTarget.value })}
            error={errorOf('title')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id={id('subject')}
              label={t('assessmentEditor:details.about.subject')}
              placeholder={t('assessmentEditor:details.about.subjectPlaceholder')}
              required
              maxLength={ASSESSMENT_LIMITS.subjectMax}
              value={values.subject}
              onChange={(event) => onChange({ subject: event.currentTarget.value })}
              error={errorOf('subject')}
            />
            <Select
              id={id('difficulty')}
              label={t('assessmentEditor:details.about.difficulty')}
              required
              data={DIFFICULTIES.map((level) => ({
                value: level,
                label: t(`assessments:difficulty.${level}`),
              }))}
              value={values.difficulty}
              onChange={(value) => onChange({ difficulty: (value as Difficulty | null) ?? null })}
              allowDeselect={false}
              error={errorOf('difficulty')}
            />
            <Select
              id={id('language')}
              label={t('assessmentEditor:details.about.language')}
              description={t('assessmentEditor:details.about.languageHint')}
              data={languages}
              value={values.language}
              onChange={(value) => onChange({ language: value ?? 'en' })}
              allowDeselect={false}
              searchable
              error={errorOf('language')}
            />
            <TextInput
              id={id('instructor')}
              label={t('assessmentEditor:details.about.instructor')}
              description={t('assessmentEditor:details.about.instructorHint')}
              maxLength={ASSESSMENT_LIMITS.instructorMax}
              value={values.instructor}
              onChange={(event) => onChange({ instructor: event.currentTarget.value })}
              error={errorOf('instructor')}
            />
          </SimpleGrid>
          {generationType ? (
            <Radio.Group
              label={t('assessmentEditor:details.about.generationType')}
              value={generationType.value}
              onChange={(value) => generationType.onChange(value as GenerationType)}
            >
              <Group gap="lg" mt={6}>
                {GENERATION_TYPES.map((type) => (
                  <Radio key={type} value={type} label={t(`assessments:generationType.${type}`)} />
                ))}
              </Group>
            </Radio.Group>
          ) : null}
        </Section>

        <Section
          title={t('assessmentEditor:details.schedule.title')}
          description={
            <Group gap={6} mt={4} wrap="nowrap">
              <IconWorld size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="gray.7">
                {t('assessmentEditor:details.schedule.timeZone', { zone: browserTimeZone(i18n.language) })}
              </Text>
            </Group>
          }
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {dateTime('start')}
            {dateTime('end')}
            {dateTime('due')}
            <NumberInput
              id={id('durationMinutes')}
              label={t('assessmentEditor:details.schedule.duration')}
              description={t('assessmentEditor:details.schedule.durationHint')}
              min={1}
              max={ASSESSMENT_LIMITS.durationMinutesMax}
              allowDecimal={false}
              allowNegative={false}
              value={values.durationMinutes}
              onChange={(value) => onChange({ durationMinutes: typeof value === 'number' ? value : '' })}
              error={errorOf('durationMinutes')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('assessmentEditor:details.marking.title')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              id={id('passMark')}
              label={t('assessmentEditor:details.marking.passMark')}
              required
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              suffix=" %"
              value={values.passMark}
              onChange={(value) => onChange({ passMark: typeof value === 'number' ? value : '' })}
              error={errorOf('passMark')}
            />
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t('assessmentEditor:details.marking.totalMarks')}
              </Text>
              <Text size="xl" fw={700} aria-live="polite" data-testid="total-marks">
                {totalMarks}
              </Text>
              <Text size="xs" c="gray.7">
                {t('assessmentEditor:details.marking.totalMarksHint')}
              </Text>
            </Stack>
            <Select
              id={id('reviewPolicy')}
              label={t('assessmentEditor:details.marking.reviewPolicy')}
              description={t('assessmentEditor:details.marking.reviewPolicyHint')}
              data={REVIEW_POLICIES.map((policy) => ({
                value: policy,
                label: t(`assessments:reviewPolicy.${policy}`),
              }))}
              value={values.reviewPolicy}
              onChange={(value) =>
                onChange({ reviewPolicy: (value as ReviewPolicy | null) ?? 'afterSubmission' })
              }
              allowDeselect={false}
              error={errorOf('reviewPolicy')}
            />
            <Select
              id={id('releasePolicy')}
              label={t('assessmentEditor:details.marking.releasePolicy')}
              description={t('assessmentEditor:details.marking.releasePolicyHint')}
              data={RELEASE_POLICIES.map((policy) => ({
                value: policy,
                label: t(`assessmentEditor:details.marking.releasePolicies.${policy}`),
              }))}
              value={values.releasePolicy}
              onChange={(value) =>
                onChange({ releasePolicy: (value as ReleasePolicy | null) ?? 'immediate' })
              }
              allowDeselect={false}
              error={errorOf('releasePolicy')}
            />
            <Switch
              id={id('allowRetake')}
              label={t('assessmentEditor:details.marking.allowRetake')}
              description={t('assessmentEditor:details.marking.allowRetakeHint')}
              checked={values.allowRetake}
              onChange={(event) => onChange({ allowRetake: event.currentTarget.checked })}
              mt={{ sm: 'lg' }}
            />
            {withAutoCertificate ? (
              <Switch
                id={id('autoCertificate')}
                label={t('assessmentEditor:details.marking.autoCertificate')}
                description={t('assessmentEditor:details.marking.autoCertificateHint')}
                checked={values.autoCertificate}
                onChange={(event) => onChange({ autoCertificate: event.currentTarget.checked })}
                mt={{ sm: 'lg' }}
              />
            ) : null}
          </SimpleGrid>
          <Textarea
            id={id('instructions')}
            label={t('assessmentEditor:details.marking.instructions')}
            description={t('assessmentEditor:details.marking.instructionsHint')}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={ASSESSMENT_LIMITS.instructionsMax}
            value={values.instructions}
            onChange={(event) => onChange({ instructions: event.currentTarget.value })}
            error={errorOf('instructions')}
          />
        </Section>

        <Section title={t('assessmentEditor:details.assignment.title')}>
          <Radio.Group
            label={t('assessmentEditor:details.assignment.who')}
            value={values.assignmentMode}
            onChange={(value) => onChange({ assignmentMode: value === 'selected' ? 'selected' : 'all' })}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="all" label={t('assessmentEditor:details.assignment.all')} />
              <Radio value="selected" label={t('assessmentEditor:details.assignment.selected')} />
            </Stack>
          </Radio.Group>
          {values.assignmentMode === 'selected' ? (
            <StudentPicker
              id={id('studentIds')}
              value={values.studentIds}
              onChange={(studentIds) => onChange({ studentIds })}
              error={errorOf('studentIds')}
            />
          ) : null}
          {withPublishing ? (
            <PublishingChoice value={values.status} onChange={(status) => onChange({ status })} />
          ) : null}
        </Section>
      </Stack>
    </DatesProvider>
  );
}

/** Publish now or keep as draft, each with what it means for students. */
export function PublishingChoice({
  value,
  onChange,
  error,
  required,
  id,
}: {
  value: AssessmentStatus | null;
  onChange(value: AssessmentStatus): void;
  error?: string;
  required?: boolean;
  id?: string;
}) {
  const { t } = useTranslation('assessmentEditor');
  return (
    <Radio.Group
      id={id}
      label={t('details.publishing.label')}
      value={value}
      onChange={(next) => onChange(next === 'published' ? 'published' : 'draft')}
      error={error}
      withAsterisk={required}
    >
      <Stack gap="xs" mt={6}>
        <Radio
          value="published"
          label={t('details.publishing.publish')}
          description={t('details.publishing.publishHint')}
        />
        <Radio
          value="draft"
          label={t('details.publishing.draft')}
          description={t('details.publishing.draftHint')}
        />
      </Stack>
    </Radio.Group>
  );
}
