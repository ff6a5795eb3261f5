import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconExternalLink, IconCardboards } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JsonValue } from '@vbuilder/shared';

export const isRecord = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Only web addresses become links: example text is pasted by people, so no javascript: URLs. */
export const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value);

/** Images the page may show: our own paths, web addresses and inline images. */
const isImageUrl = (value: unknown): value is string =>
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

function FormatError({ children }: { children: ReactNode }) {
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

/** Drag & Drop options: { dragItems: string[], dropZones: string[], imageUrl? }. */
export function parseDragDropOptions(options: JsonValue) {
  if (!isRecord(options) || !isStringList(options.dragItems) || !isStringList(options.dropZones)) return null;
  if (options.dragItems.length === 0 || options.dropZones.length === 0) return null;
  return {
    dragItems: options.dragItems,
    dropZones: options.dropZones,
    imageUrl: isImageUrl(options.imageUrl) ? options.imageUrl : null,
  };
}

/** Drag items and drop zones side by side, or 'Invalid Drag & Drop options format' (SPEC §8). */
export function DragDropOptions({ options }: { options: JsonValue }) {
  const { t } = useTranslation('questions');
  const parsed = parseDragDropOptions(options);
  if (!parsed) return <FormatError>{t('examples.errors.dragDrop')}</FormatError>;
  return (
    <Stack gap="sm">
      {parsed.imageUrl ? (
        <Image src={parsed.imageUrl} alt={t('examples.image')} maw={360} radius="md" fit="contain" />
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" fw={600} mb={6}>
            {t('examples.dragDrop.items')}
          </Text>
          <Group gap={6}>
            {parsed.dragItems.map((item) => (
              <Badge key={item} variant="outline" size="lg" radius="sm" tt="none" fw={500}>
                {item}
              </Badge>
            ))}
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" fw={600} mb={6}>
            {t('examples.dragDrop.zones')}
          </Text>
          <Group gap={6}>
            {parsed.dropZones.map((zone) => (
              <Badge key={zone} variant="light" color="grape" size="lg" radius="sm" tt="none" fw={500}>
                {zone}
              </Badge>
            ))}
          </Group>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** The correct placements grouped by drop zone; items the answer leaves out belong nowhere. */
export function DragDropAnswer({ options, answer }: { options: JsonValue; answer: JsonValue }) {
  const { t } = useTranslation('questions');
  const parsed = parseDragDropOptions(options);
  if (!parsed || !isRecord(answer)) return <JsonValueView value={answer} />;
  const placements = Object.entries(answer).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const zones = [
    ...parsed.dropZones,
    ...placements.map(([, zone]) => zone).filter((z) => !parsed.dropZones.includes(z)),
  ];
  const unplaced = parsed.dragItems.filter((item) => !(item in answer));
  return (
    <Stack gap="xs">
      <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" bg="var(--mantine-color-body)">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('examples.dragDrop.zone')}</Table.Th>
            <Table.Th scope="col">{t('examples.dragDrop.belongs')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {zones.map((zone) => (
            <Table.Tr key={zone}>
              <Table.Th scope="row" fw={600}>
                {zone}
              </Table.Th>
              <Table.Td>
                {placements
                  .filter(([, z]) => z === zone)
                  .map(([item]) => item)
                  .join(', ') || t('examples.none')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {unplaced.length > 0 ? (
        <Text size="sm">{t('examples.dragDrop.unplaced', { items: unplaced.join(', ') })}</Text>
      ) : null}
    </Stack>
  );
}

/** Annotated Texts options: { link, items: { theory, comment }[] }. */
export function parseAnnotatedOptions(options: JsonValue) {
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

/** The text to annotate (a link) and the theory/comment points, or the SPEC §8 format error. */
export function AnnotatedTextsOptions({ options }: { options: JsonValue }) {
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
export function VrOptions({ options }: { options: JsonValue }) {
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
