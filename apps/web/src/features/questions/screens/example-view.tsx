import {
  Alert,
  Badge,
  Code,
  Divider,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  getQuestionType,
  parseQuestionExample,
  QuestionExampleSchema,
  type QuestionExample,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { CopyJsonButton } from './copy-json-button.tsx';
import {
  AnnotatedTextsOptions,
  DragDropAnswer,
  DragDropOptions,
  ExampleSection,
  FieldList,
  isRecord,
  JsonValueView,
  VrOptions,
} from './example-parts.tsx';

type Parsed = { ok: true; example: QuestionExample } | { ok: false; error: string };

/** Reads an example's JSON5 text and checks it has the SPEC §3 "Question example" fields. */
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
 * One question type's example (SPEC §2 "Question examples"): score and max-words badges, the
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

function ExampleBody({ typeId, example }: { typeId: QuestionTypeId; example: QuestionExample }) {
  const { t } = useTranslation('questions');
  const type = getQuestionType(typeId);
  const { options, answer } = example;
  const dragDrop = type.family === 'dragDrop';

  let optionsTitle = t('examples.sections.additional');
  let optionsBody = null;
  if (dragDrop) {
    optionsTitle = t('examples.sections.dragDrop');
    optionsBody = <DragDropOptions options={options} />;
  } else if (typeId === 'annotated-texts') {
    optionsBody = <AnnotatedTextsOptions options={options} />;
  } else if (typeId === 'vr-assignments') {
    optionsBody = <VrOptions options={options} />;
  } else if (Array.isArray(options)) {
    // A list is what students choose from, order or match; anything else is context for them.
    optionsTitle = t('examples.sections.options');
    optionsBody = <JsonValueView value={options} ordered={type.family === 'crossword'} />;
  } else if (isRecord(options)) {
    optionsBody = <FieldList fields={options} />;
  } else if (options !== null) {
    optionsBody = <JsonValueView value={options} />;
  }

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
      {optionsBody ? <ExampleSection title={optionsTitle}>{optionsBody}</ExampleSection> : null}
      <ExampleSection
        title={dragDrop ? t('examples.sections.correctAnswers') : t('examples.sections.answer')}
      >
        <Paper
          radius="md"
          p="sm"
          bg="var(--mantine-color-teal-0)"
          withBorder
          style={{ borderColor: 'var(--mantine-color-teal-3)' }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <IconCircleCheck
              size={20}
              aria-hidden
              style={{ flex: 'none', color: 'var(--mantine-color-teal-8)', marginTop: 1 }}
            />
            <div style={{ minWidth: 0, flex: 1 }}>
              <ExpectedAnswer typeId={typeId} options={example.options} answer={answer} />
            </div>
          </Group>
        </Paper>
      </ExampleSection>
    </Stack>
  );
}

function ExpectedAnswer({
  typeId,
  options,
  answer,
}: {
  typeId: QuestionTypeId;
  options: QuestionExample['options'];
  answer: QuestionExample['answer'];
}) {
  const { t } = useTranslation('questions');
  const type = getQuestionType(typeId);
  if (type.family === 'dragDrop') return <DragDropAnswer options={options} answer={answer} />;
  if (type.responseKind === 'code' && typeof answer === 'string') {
    return (
      <Code block style={{ background: 'transparent', padding: 0 }}>
        {answer}
      </Code>
    );
  }
  if (isRecord(answer)) {
    // Matching pairs and the like: one line per prompt and what it goes with.
    return (
      <List size="sm" spacing={4} listStyleType="none">
        {Object.entries(answer).map(([key, value]) => (
          <List.Item key={key}>
            <Text span size="sm" fw={600}>
              {key}
            </Text>
            <Text span size="sm" mx={6} aria-hidden>
              →
            </Text>
            <VisuallyHidden>: </VisuallyHidden>
            {typeof value === 'string' ? value : <JsonValueView value={value} />}
          </List.Item>
        ))}
      </List>
    );
  }
  if (typeof answer === 'string' && type.family === 'trueFalse') {
    const value = answer.trim().toLowerCase();
    if (value === 'true' || value === 'false') {
      return <Text size="sm">{value === 'true' ? t('examples.true') : t('examples.false')}</Text>;
    }
  }
  const ordered = type.family === 'ordering' || type.family === 'fillBlanks' || type.family === 'crossword';
  return <JsonValueView value={answer} ordered={ordered} />;
}
