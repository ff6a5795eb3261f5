import type { ComponentType } from 'react';
import { Badge, Box, Button, Code, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconCardboards } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JsonValue, QuestionTypeId } from '@vbuilder/shared';
import {
  ExampleSections,
  ExternalLink,
  FieldList,
  FormatError,
  isRecord,
  isWebUrl,
  JsonValueView,
} from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/**
 * Open types whose options have a rendering of their own (docs/product/messages.md): Annotated Texts show the text
 * to annotate and the theory/comment points, VR Assignments the experience to open.
 */
const OPTIONS_BY_TYPE: Partial<Record<QuestionTypeId, ComponentType<{ options: JsonValue }>>> = {
  'annotated-texts': AnnotatedTextsOptions,
  'vr-assignments': VrOptions,
};

/** An open type's example: its options by type where it has its own, a code model answer as code. */
export function OpenExampleView({ example, type }: ExampleViewProps) {
  const Options = OPTIONS_BY_TYPE[type.id];
  const { answer } = example;
  return (
    <ExampleSections
      example={example}
      options={Options ? { body: <Options options={example.options} /> } : undefined}
      answer={
        type.responseKind === 'code' && typeof answer === 'string' ? (
          <Code block style={{ background: 'transparent', padding: 0 }}>
            {answer}
          </Code>
        ) : undefined
      }
    />
  );
}

/** Annotated Texts options: { link, items: { theory, comment }[] }. */
function parseAnnotatedOptions(options: JsonValue) {
  if (!isRecord(options) || !Array.isArray(options.items) || options.items.length === 0) return null;
  const items: { theory: string; comment: string }[] = [];
  for (const item of options.items) {
    if (!isRecord(item) || typeof item.theory !== 'string' || typeof item.comment !== 'string') return null;
    items.push({ theory: item.theory, comment: item.comment });
  }
  if (options.link !== undefined && !isWebUrl(options.link)) return null;
  const rest = Object.fromEntries(
    Object.entries(options).filter(([key]) => !['link', 'linkLabel', 'items'].includes(key)),
  );
  return {
    link: options.link ?? null,
    linkLabel: typeof options.linkLabel === 'string' ? options.linkLabel : null,
    items,
    rest,
  };
}

/** The text to annotate (a link) and the theory/comment points, or the docs/product/messages.md format error. */
function AnnotatedTextsOptions({ options }: { options: JsonValue }) {
  const { t } = useTranslation('questions');
  const parsed = parseAnnotatedOptions(options);
  if (!parsed) return <FormatError>{t('examples.errors.annotatedTexts')}</FormatError>;
  return (
    <Stack gap="sm">
      {parsed.link ? (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {t('examples.annotated.text')}
          </Text>
          <ExternalLink href={parsed.link}>{parsed.linkLabel ?? parsed.link}</ExternalLink>
        </Group>
      ) : null}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {parsed.items.map((item, i) => (
          <Paper key={i} component="li" withBorder radius="md" p="sm">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Badge variant="light" color="indigo" radius="sm" tt="none" style={{ flex: 'none' }}>
                {item.theory}
              </Badge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.comment}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      {Object.keys(parsed.rest).length > 0 ? <FieldList fields={parsed.rest} /> : null}
    </Stack>
  );
}

/** VR Assignments: the experience to open as a clear call to action, then the tasks and the rest. */
function VrOptions({ options }: { options: JsonValue }) {
  const { t } = useTranslation(['questions', 'common']);
  if (!isRecord(options) || !isWebUrl(options.link)) return <JsonValueView value={options} />;
  const label = typeof options.linkLabel === 'string' && options.linkLabel ? options.linkLabel : options.link;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-indigo-0)">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconCardboards
              size={28}
              aria-hidden
              style={{ flex: 'none', color: 'var(--mantine-color-indigo-7)' }}
            />
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {options.link}
              </Text>
            </Box>
          </Group>
          <Button
            component="a"
            href={options.link}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            rightSection={<IconArrowRight size={14} aria-hidden />}
          >
            {t('questions:examples.vr.open')}
            <VisuallyHidden>{t('common:newTab')}</VisuallyHidden>
          </Button>
        </Group>
      </Paper>
      <FieldList fields={options} skip={['link', 'linkLabel']} />
    </Stack>
  );
}
