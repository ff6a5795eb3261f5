import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Code,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JsonValue, QuestionExample } from '@vbuilder/shared';

export const isRecord = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Only web addresses become links: example text is pasted by people, so no javascript: URLs. */
export const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value);

/** Images the page may show: our own paths, web addresses and inline images. */
export const isImageUrl = (value: unknown): value is string =>
  typeof value === 'string' && (/^\/(?!\/)/.test(value) || isWebUrl(value) || /^data:image\//i.test(value));

/** A titled part of an example (Question, Options, Expected answer...). */
export function ExampleSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} size="h6" c="gray.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
      {children}
      <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
      <VisuallyHidden>{t('newTab')}</VisuallyHidden>
    </Anchor>
  );
}

export function FormatError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
      {children}
    </Alert>
  );
}

const Paragraph = ({ children }: { children: ReactNode }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {children}
  </Text>
);

/**
 * Any JSON value, readably: texts as paragraphs, lists as lists, objects as labelled parts.
 * Known option fields get translated labels and a fitting look (links, images, code, file types).
 */
export function JsonValueView({ value, ordered = false }: { value: JsonValue; ordered?: boolean }) {
  const { t } = useTranslation('questions');
  if (value === null) return <Text size="sm">{t('examples.none')}</Text>;
  if (typeof value === 'string') return <Paragraph>{value}</Paragraph>;
  if (typeof value === 'number') return <Paragraph>{String(value)}</Paragraph>;
  if (typeof value === 'boolean')
    return <Paragraph>{value ? t('examples.true') : t('examples.false')}</Paragraph>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <Text size="sm">{t('examples.none')}</Text>;
    return (
      <List type={ordered ? 'ordered' : 'unordered'} size="sm" spacing={4} withPadding>
        {value.map((item, i) => (
          <List.Item key={i}>{typeof item === 'string' ? item : <JsonValueView value={item} />}</List.Item>
        ))}
      </List>
    );
  }
  return <FieldList fields={value} />;
}

/** The fields of an object, each under its (translated, when known) name. */
export function FieldList({ fields, skip = [] }: { fields: Record<string, JsonValue>; skip?: string[] }) {
  const { t } = useTranslation('questions');
  const keys = Object.keys(fields).filter(
    (key) => !skip.includes(key) && !(key === 'linkLabel' && isWebUrl(fields.link)),
  );
  return (
    <Stack gap="sm">
      {keys.map((key) => (
        <Box key={key}>
          <Text size="sm" fw={600} mb={2}>
            {t(`examples.fields.${key}`, { defaultValue: key })}
          </Text>
          <FieldValue name={key} value={fields[key]!} label={fields.linkLabel} />
        </Box>
      ))}
    </Stack>
  );
}

function FieldValue({ name, value, label }: { name: string; value: JsonValue; label?: JsonValue }) {
  const { t } = useTranslation('questions');
  if (name === 'link' && isWebUrl(value)) {
    return <ExternalLink href={value}>{typeof label === 'string' && label ? label : value}</ExternalLink>;
  }
  if (name === 'imageUrl' && isImageUrl(value)) {
    return <Image src={value} alt={t('examples.image')} maw={360} radius="md" fit="contain" />;
  }
  if (name === 'starterCode' && typeof value === 'string') {
    return <Code block>{value}</Code>;
  }
  if (
    (name === 'acceptedFileTypes' || name === 'language') &&
    (isStringList(value) || typeof value === 'string')
  ) {
    const values = typeof value === 'string' ? [value] : value;
    return (
      <Group gap={6}>
        {values.map((v) => (
          <Badge key={v} variant="light" color="gray" tt="none">
            {v}
          </Badge>
        ))}
      </Group>
    );
  }
  return <JsonValueView value={value} ordered={name === 'tasks'} />;
}

/** The expected answer, set apart in a green box. */
function AnswerBox({ children }: { children: ReactNode }) {
  return (
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
        <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
      </Group>
    </Paper>
  );
}

/** An answer as JSON: a record one line per key and what it goes with, anything else as it is. */
export function DefaultExpectedAnswer({ answer, ordered = false }: { answer: JsonValue; ordered?: boolean }) {
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
  return <JsonValueView value={answer} ordered={ordered} />;
}

interface ExampleSectionsProps {
  example: QuestionExample;
  /** The options as a numbered list (clues in order). */
  orderedOptions?: boolean;
  /** The answer as a numbered list (an order, blanks or words in order). */
  orderedAnswer?: boolean;
  /** A family's (or type's) own rendering of the options, instead of the default one. */
  options?: { title?: string; body: ReactNode };
  /** A family's own rendering of the expected answer, instead of the default one. */
  answer?: ReactNode;
  answerTitle?: string;
}

/**
 * The options (or additional information) and the expected answer of an example: what each
 * family's ExampleView shows, with its own renderings where it has them. By default a list is
 * what students choose from, order or match ("Options"); anything else is context for them
 * ("Additional information"); a record answer is one line per key.
 */
export function ExampleSections({
  example,
  orderedOptions = false,
  orderedAnswer = false,
  options: own,
  answer,
  answerTitle,
}: ExampleSectionsProps) {
  const { t } = useTranslation('questions');
  const { options } = example;
  let optionsTitle = own?.title ?? t('examples.sections.additional');
  let optionsBody: ReactNode = own?.body ?? null;
  if (!own) {
    if (Array.isArray(options)) {
      optionsTitle = t('examples.sections.options');
      optionsBody = <JsonValueView value={options} ordered={orderedOptions} />;
    } else if (isRecord(options)) {
      optionsBody = <FieldList fields={options} />;
    } else if (options !== null) {
      optionsBody = <JsonValueView value={options} />;
    }
  }
  return (
    <>
      {optionsBody ? <ExampleSection title={optionsTitle}>{optionsBody}</ExampleSection> : null}
      <ExampleSection title={answerTitle ?? t('examples.sections.answer')}>
        <AnswerBox>
          {answer ?? <DefaultExpectedAnswer answer={example.answer} ordered={orderedAnswer} />}
        </AnswerBox>
      </ExampleSection>
    </>
  );
}
