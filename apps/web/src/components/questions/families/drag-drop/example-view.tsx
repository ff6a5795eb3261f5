import { Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JsonValue } from '@vbuilder/shared';
import {
  ExampleSections,
  FormatError,
  isImageUrl,
  isRecord,
  isStringList,
  JsonValueView,
} from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/**
 * A Drag & Drop example (docs/product/messages.md): the drag items and drop zones side by side, and the correct
 * answers as a table of zones and what belongs in each.
 */
export function DragDropExampleView({ example }: ExampleViewProps) {
  const { t } = useTranslation('questions');
  return (
    <ExampleSections
      example={example}
      options={{
        title: t('examples.sections.dragDrop'),
        body: <DragDropOptions options={example.options} />,
      }}
      answerTitle={t('examples.sections.correctAnswers')}
      answer={<DragDropAnswer options={example.options} answer={example.answer} />}
    />
  );
}

/** Drag & Drop options: { dragItems: string[], dropZones: string[], imageUrl? }. */
function parseDragDropOptions(options: JsonValue) {
  if (!isRecord(options) || !isStringList(options.dragItems) || !isStringList(options.dropZones)) return null;
  if (options.dragItems.length === 0 || options.dropZones.length === 0) return null;
  return {
    dragItems: options.dragItems,
    dropZones: options.dropZones,
    imageUrl: isImageUrl(options.imageUrl) ? options.imageUrl : null,
  };
}

/** Drag items and drop zones side by side, or 'Invalid Drag & Drop options format' (docs/product/messages.md). */
function DragDropOptions({ options }: { options: JsonValue }) {
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
function DragDropAnswer({ options, answer }: { options: JsonValue; answer: JsonValue }) {
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
