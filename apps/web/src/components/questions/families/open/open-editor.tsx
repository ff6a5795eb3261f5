import {
  Badge,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CODE_LANGUAGES, responseKindLabelKey, type CodeLanguage, type OpenConfig } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { useFieldErrors } from '../../editors/editor-utils.ts';
import { EditorSection } from '../../editors/section.tsx';
import { TextListEditor } from '../../editors/text-list-editor.tsx';

export const SURVEY_MIN_OPTIONS = 2;
export const SURVEY_MAX_OPTIONS = 20;

type Kind = OpenConfig['responseKind'];

/** Kinds answered (at least partly) in words, where a word limit makes sense. */
const TEXT_KINDS: readonly Kind[] = ['richText', 'link'];
/** Kinds answered with a file (a recording is a file too). */
const FILE_KINDS: readonly Kind[] = ['file', 'audio', 'video'];

/** Suggestions for accepted file types; the teacher may type others (".odt", "image/*"). */
const FILE_TYPE_SUGGESTIONS: Partial<Record<Kind, string[]>> = {
  file: ['.pdf', '.docx', '.pptx', '.xlsx', '.odt', '.txt', '.csv', '.zip', 'image/*', '.png', '.jpg'],
  audio: ['audio/*', '.mp3', '.m4a', '.wav', '.ogg', '.webm'],
  video: ['video/*', '.mp4', '.mov', '.webm'],
};

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } };

/**
 * Open responses (essays, projects, recordings, code, links, surveys): what the teacher gives the
 * student to work with and, for marking by hand, a model answer and a rubric. Which fields show
 * depends on how the type is answered (its responseKind).
 */
export function OpenEditor({ question, onChange, errors }: EditorProps<OpenConfig>) {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const errorFor = useFieldErrors(errors);
  const config = question.config;
  const kind = config.responseKind;
  const update = (patch: Partial<OpenConfig>) => onChange({ ...question, config: { ...config, ...patch } });
  /** Optional texts are left out when emptied, so a stored question carries no blank fields. */
  const setOptionalText = (key: 'modelAnswer' | 'rubric' | 'starterCode', value: string) => {
    const next: OpenConfig = { ...config };
    if (value === '') delete next[key];
    else next[key] = value;
    onChange({ ...question, config: next });
  };

  const isCode = kind === 'code';
  const isSurvey = kind === 'survey';

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('questions:editors.open.answeredWith')}
        </Text>
        <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
          {t(responseKindLabelKey(kind))}
        </Badge>
      </Group>

      {kind === 'link' && (
        <EditorSection
          legend={t('questions:editors.open.link')}
          description={t('questions:editors.open.linkHint')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('questions:editors.open.linkUrl')}
              placeholder="https://"
              inputMode="url"
              required
              withAsterisk
              maxLength={2048}
              value={config.link?.url ?? ''}
              onChange={(event) => update({ link: { ...config.link, url: event.currentTarget.value } })}
              error={errorFor('config.link.url') ?? errorFor('config.link')}
            />
            <TextInput
              label={t('questions:editors.open.linkLabel')}
              description={t('questions:editors.open.linkLabelHint')}
              maxLength={200}
              value={config.link?.label ?? ''}
              onChange={(event) => {
                const label = event.currentTarget.value;
                const { label: _old, ...rest } = config.link ?? { url: '' };
                update({ link: label === '' ? rest : { ...rest, label } });
              }}
              error={errorFor('config.link.label')}
            />
          </SimpleGrid>
        </EditorSection>
      )}

      {isCode && (
        <EditorSection legend={t('questions:editors.open.code')}>
          <NativeSelect
            label={t('questions:editors.open.codeLanguage')}
            data={CODE_LANGUAGES.map((language) => ({
              value: language,
              label: t(`questions:editors.open.languages.${language}`),
            }))}
            value={config.codeLanguage ?? 'other'}
            onChange={(event) => update({ codeLanguage: event.currentTarget.value as CodeLanguage })}
            error={errorFor('config.codeLanguage')}
            w={{ base: '100%', xs: 260 }}
          />
          <Textarea
            label={t('questions:editors.open.starterCode')}
            description={t('questions:editors.open.starterCodeHint')}
            value={config.starterCode ?? ''}
            onChange={(event) => setOptionalText('starterCode', event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={18}
            maxLength={20_000}
            spellCheck={false}
            styles={monospace}
            error={errorFor('config.starterCode')}
          />
        </EditorSection>
      )}

      {isSurvey && (
        <>
          <TextListEditor
            legend={t('questions:editors.open.surveyOptions')}
            description={t('questions:editors.open.surveyOptionsHint')}
            itemName={(n) => t('questions:editors.open.surveyOptionName', { n })}
            addLabel={t('questions:editors.open.addSurveyOption')}
            values={config.surveyOptions ?? []}
            onChange={(surveyOptions) => update({ surveyOptions })}
            min={SURVEY_MIN_OPTIONS}
            max={SURVEY_MAX_OPTIONS}
            maxLength={1000}
            listError={errorFor('config.surveyOptions')}
            itemError={(i) => errorFor(`config.surveyOptions.${i}`)}
          />
          <Switch
            label={t('questions:editors.open.surveyMultiple')}
            description={t('questions:editors.open.surveyMultipleHint')}
            checked={config.surveyMultiple ?? false}
            onChange={(event) => update({ surveyMultiple: event.currentTarget.checked })}
          />
        </>
      )}

      {FILE_KINDS.includes(kind) && (
        <TagsInput
          label={t('questions:editors.open.acceptedFileTypes')}
          description={t('questions:editors.open.acceptedFileTypesHint')}
          placeholder={t('questions:editors.open.acceptedFileTypesPlaceholder')}
          data={FILE_TYPE_SUGGESTIONS[kind] ?? []}
          value={config.acceptedFileTypes ?? []}
          onChange={(types) => {
            const cleaned = [...new Set(types.map((type) => type.trim().toLowerCase()).filter(Boolean))];
            const next: OpenConfig = { ...config };
            if (cleaned.length === 0) delete next.acceptedFileTypes;
            else next.acceptedFileTypes = cleaned;
            onChange({ ...question, config: next });
          }}
          splitChars={[',', ' ']}
          maxTags={30}
          clearable
          comboboxProps={{ withinPortal: true }}
          error={errorFor('config.acceptedFileTypes')}
        />
      )}

      {TEXT_KINDS.includes(kind) && (
        <NumberInput
          label={t('questions:editors.open.maxWords')}
          description={t('questions:editors.open.maxWordsHint')}
          min={1}
          max={10_000}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          value={config.maxWords ?? ''}
          onChange={(value) => {
            const next: OpenConfig = { ...config };
            if (typeof value === 'number') next.maxWords = value;
            else delete next.maxWords;
            onChange({ ...question, config: next });
          }}
          error={errorFor('config.maxWords')}
          w={{ base: '100%', xs: 260 }}
        />
      )}

      {!isSurvey && (
        <EditorSection
          legend={t('questions:editors.open.marking')}
          description={t('questions:editors.open.markingHint')}
        >
          <Textarea
            label={
              isCode ? t('questions:editors.open.modelSolution') : t('questions:editors.open.modelAnswer')
            }
            description={t('questions:editors.open.modelAnswerHint')}
            value={config.modelAnswer ?? ''}
            onChange={(event) => setOptionalText('modelAnswer', event.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={14}
            maxLength={20_000}
            spellCheck={!isCode}
            styles={isCode ? monospace : undefined}
            error={errorFor('config.modelAnswer')}
          />
          <Textarea
            label={t('questions:editors.open.rubric')}
            description={t('questions:editors.open.rubricHint')}
            placeholder={t('questions:editors.open.rubricPlaceholder')}
            value={config.rubric ?? ''}
            onChange={(event) => setOptionalText('rubric', event.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={14}
            maxLength={20_000}
            error={errorFor('config.rubric')}
          />
        </EditorSection>
      )}
    </Stack>
  );
}
