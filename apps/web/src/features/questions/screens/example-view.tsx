import { Alert, Badge, Code, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  getQuestionType,
  parseQuestionExample,
  QuestionExampleSchema,
  type QuestionExample,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { ExampleSection } from '../../../components/questions/examples/example-parts.tsx';
import { componentsOf } from '../../../components/questions/family-components.tsx';
import { CopyJsonButton } from './copy-json-button.tsx';

type Parsed = { ok: true; example: QuestionExample } | { ok: false; error: string };

/** Reads an example's JSON5 text and checks it has the docs/product/data.md "Question example" fields. */
export function readExample(text: string): Parsed {
  const parsed = parseQuestionExample(text);
  if (!parsed.ok) return parsed;
  const checked = QuestionExampleSchema.safeParse(parsed.value);
  if (!checked.success) {
    const error = checked.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    return { ok: false, error };
  }
  return { ok: true, example: checked.data as QuestionExample };
}

/**
 * What Copy JSON copies: real JSON (double quotes, quoted keys, 2-space indent) of the parsed
 * example, so it pastes into any JSON tool; text that cannot be parsed is copied as it is.
 */
export function asJson(text: string): string {
  const parsed = parseQuestionExample(text);
  return parsed.ok ? JSON.stringify(parsed.value, null, 2) : text;
}

interface Props {
  typeId: QuestionTypeId;
  /** The example as JSON5 text: what is shown (parsed); Copy JSON copies it as JSON. */
  text: string;
}

/**
 * One question type's example (docs/product/screens.md "Question examples"): score and max-words badges, the
 * question, its options or additional information, the expected answer, and Copy JSON at the top
 * and the bottom. Text that cannot be read shows the parser's error and the raw text instead.
 */
export function ExampleView({ typeId, text }: Props) {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const type = getQuestionType(typeId);
  const label = t(type.labelKey);
  const parsed = readExample(text);
  const json = asJson(text);

  const copyRow = (
    <Group gap="sm" justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('questions:examples.templateNote')}
      </Text>
      <CopyJsonButton text={json} typeLabel={label} />
    </Group>
  );

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {label}
        </Title>
        {parsed.ok ? (
          <Group gap={6}>
            <Badge variant="filled" color="indigo" tt="none" size="lg">
              {t('questions:examples.score', { count: parsed.example.score })}
            </Badge>
            {parsed.example.maxWords !== undefined ? (
              <Badge variant="light" color="grape" tt="none" size="lg">
                {t('questions:examples.maxWords', { count: parsed.example.maxWords })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      {copyRow}
      <Divider />
      {parsed.ok ? (
        <ExampleBody typeId={typeId} example={parsed.example} />
      ) : (
        <ParseFailure error={parsed.error} text={text} />
      )}
      <Divider />
      {copyRow}
    </Stack>
  );
}

function ParseFailure({ error, text }: { error: string; text: string }) {
  const { t } = useTranslation('questions');
  return (
    <Stack gap="sm">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={t('examples.errors.parse')}
        role="alert"
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {error}
        </Text>
      </Alert>
      <ExampleSection title={t('examples.sections.raw')}>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Code>
      </ExampleSection>
    </Stack>
  );
}

/**
 * The question and its instructions, then the options and the expected answer as the type's
 * family shows them (its ExampleView in components/questions/families/<family>/).
 */
function ExampleBody({ typeId, example }: { typeId: QuestionTypeId; example: QuestionExample }) {
  const { t } = useTranslation('questions');
  const type = getQuestionType(typeId);
  const FamilyExample = componentsOf(typeId).ExampleView;
  return (
    <Stack gap="lg">
      <ExampleSection title={t('examples.sections.question')}>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{example.question}</Text>
      </ExampleSection>
      <ExampleSection title={t('examples.sections.instructions')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {example.instructions}
        </Text>
      </ExampleSection>
      <FamilyExample example={example} type={type} />
    </Stack>
  );
}
