import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { generateCrosswordLayout, type CrosswordConfig, type CrosswordEntry } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { CrosswordPreview } from './crossword-preview.tsx';
import { PartControls } from '../../editors/part-controls.tsx';
import { EditorSection } from '../../editors/section.tsx';
import { usePendingFocus } from '../../editors/use-pending-focus.ts';

export const CROSSWORD_MIN_ENTRIES = 2;
export const CROSSWORD_MAX_ENTRIES = 30;

/** Entries and the layout generated from them: the stored layout always matches the words. */
export function withLayout(config: CrosswordConfig, entries: CrosswordEntry[]): CrosswordConfig {
  return { ...config, entries, layout: generateCrosswordLayout(entries) };
}

/**
 * Crosswords: words with their clues; the grid is generated from the words (shared generator,
 * the same the players use) and shown live as the teacher types.
 */
export function CrosswordEditor({ question, onChange, errors }: EditorProps<CrosswordConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const focus = usePendingFocus();
  const config = question.config;
  const entries = config.entries ?? [];
  const setEntries = (next: CrosswordEntry[]) => onChange({ ...question, config: withLayout(config, next) });

  const add = () => {
    const id = newPartId(entries.map((entry) => entry.id));
    setEntries([...entries, { id, answer: '', clue: '' }]);
    focus.focusFirst([`${id}:answer`]);
  };

  return (
    <Stack gap="lg">
      <EditorSection
        legend={t('editors.crossword.entries')}
        description={t('editors.crossword.entriesHint')}
        error={errorFor('config.entries')}
      >
        {entries.map((entry, index) => {
          const n = index + 1;
          const name = t('editors.crossword.entryName', { n });
          return (
            <Paper key={entry.id} withBorder radius="md" p="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <SimpleGrid
                  cols={{ base: 1, sm: 2 }}
                  spacing="xs"
                  verticalSpacing={6}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <TextInput
                    ref={focus.register(`${entry.id}:answer`)}
                    aria-label={t('editors.crossword.answerName', { n })}
                    placeholder={t('editors.crossword.answerPlaceholder')}
                    value={entry.answer}
                    maxLength={60}
                    autoCapitalize="characters"
                    spellCheck={false}
                    onChange={(event) =>
                      setEntries(replaceAt(entries, index, { ...entry, answer: event.currentTarget.value }))
                    }
                    error={
                      errorFor(`config.entries.${index}.answer`) ?? errorFor(`config.entries.${index}.id`)
                    }
                    styles={{ input: { fontWeight: 600, letterSpacing: '0.04em' } }}
                  />
                  <TextInput
                    aria-label={t('editors.crossword.clueName', { n })}
                    placeholder={t('editors.crossword.cluePlaceholder')}
                    value={entry.clue}
                    maxLength={500}
                    onChange={(event) =>
                      setEntries(replaceAt(entries, index, { ...entry, clue: event.currentTarget.value }))
                    }
                    error={errorFor(`config.entries.${index}.clue`)}
                  />
                </SimpleGrid>
                <Box pt={4}>
                  <PartControls
                    rowKey={entry.id}
                    name={name}
                    index={index}
                    count={entries.length}
                    focus={focus}
                    onRemove={(i) => setEntries(removeAt(entries, i))}
                    canRemove={entries.length > CROSSWORD_MIN_ENTRIES}
                    focusKeyOf={(i) => (entries[i] ? `${entries[i].id}:answer` : null)}
                  />
                </Box>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            ref={focus.register('add')}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={entries.length >= CROSSWORD_MAX_ENTRIES}
          >
            {t('editors.crossword.addEntry')}
          </Button>
        </Group>
      </EditorSection>

      <EditorSection legend={t('editors.crossword.preview')} error={errorFor('config.layout')}>
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
          <CrosswordPreview config={config} />
        </Paper>
        <Text size="xs" c="dimmed">
          {t('editors.crossword.previewHint')}
        </Text>
      </EditorSection>
    </Stack>
  );
}
