import { useId } from 'react';
import { Box, SimpleGrid, Stack, Text } from '@mantine/core';
import { crosswordGrid, type CrosswordConfig } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';

const CELL = 30;

/**
 * The teacher's view of the generated grid: solution letters, clue numbers, then the numbered
 * clues by direction. Entries that are not placed yet (no letters) are simply not shown.
 */
export function CrosswordPreview({ config }: { config: CrosswordConfig }) {
  const { t } = useTranslation('questions');
  const id = useId();
  const placed = new Set(config.layout.placements.map((p) => p.entryId));
  const entries = config.entries.filter((entry) => placed.has(entry.id));
  const grid = entries.length > 0 ? crosswordGrid(entries, config.layout) : null;
  if (!grid || !grid.ok) {
    return (
      <Text size="sm" c="dimmed">
        {t('editors.crossword.previewEmpty')}
      </Text>
    );
  }
  const clueOf = new Map(config.entries.map((entry) => [entry.id, entry.clue]));
  const byDirection = (direction: 'across' | 'down') =>
    config.layout.placements.filter((p) => p.direction === direction);

  return (
    <Stack gap="md">
      <Box style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Box
          role="img"
          aria-label={t('editors.crossword.previewLabel', {
            count: entries.length,
            rows: config.layout.rows,
            cols: config.layout.cols,
          })}
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${config.layout.cols}, ${CELL}px)`,
            gridAutoRows: `${CELL}px`,
            gap: 2,
            width: 'max-content',
          }}
        >
          {grid.cells.flatMap((row, r) =>
            row.map((cell, c) => (
              <Box
                key={`${r}-${c}`}
                style={{
                  position: 'relative',
                  borderRadius: 3,
                  background: cell ? 'var(--mantine-color-body)' : 'transparent',
                  border: cell ? '1px solid var(--mantine-color-gray-5)' : 'none',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontWeight: 600,
                  fontSize: 15,
                }}
              >
                {cell?.number !== undefined && (
                  <span
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 2,
                      fontSize: 9,
                      lineHeight: 1.1,
                      fontWeight: 500,
                    }}
                  >
                    {cell.number}
                  </span>
                )}
                {cell?.letter}
              </Box>
            )),
          )}
        </Box>
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {(['across', 'down'] as const).map((direction) => (
          <div key={direction}>
            {/* Not a heading: the editor sits inside pages whose heading levels it cannot know. */}
            <Text id={`${id}-${direction}`} fw={600} size="sm" mb={4}>
              {t(`editors.crossword.${direction}`)}
            </Text>
            <Stack
              gap={2}
              component="ol"
              aria-labelledby={`${id}-${direction}`}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {byDirection(direction).map((p) => (
                <Text key={p.entryId} component="li" size="sm">
                  <strong>{p.number}.</strong>{' '}
                  {clueOf.get(p.entryId)?.trim() || t('editors.crossword.noClue')}
                </Text>
              ))}
            </Stack>
            {byDirection(direction).length === 0 && (
              <Text size="sm" c="dimmed">
                {t('editors.crossword.noWords')}
              </Text>
            )}
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
