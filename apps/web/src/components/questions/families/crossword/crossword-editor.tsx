import { Paper, Stack, Text, TextInput } from '@mantine/core';
import { generateCrosswordLayout, type CrosswordConfig, type CrosswordEntry } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { CrosswordPreview } from './crossword-preview.tsx';
import { EditableList, EditableListRow } from '../../editors/editable-list.tsx';
import { EditorSection } from '../../editors/section.tsx';

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
  const config = question.config;
  const entries = config.entries ?? [];
  const setEntries = (next: CrosswordEntry[]) => onChange({ ...question, config: withLayout(config, next) });

  const add = () => {
    const entry = { id: newPartId(entries.map((e) => e.id)), answer: '', clue: '' };
    setEntries([...entries, entry]);
    return entry;
  };

  return (
    <Stack gap="lg">
      <EditableList
        legend={t('editors.crossword.entries')}
        description={t('editors.crossword.entriesHint')}
        error={errorFor('config.entries')}
        items={entries}
        rowKey={(entry) => entry.id}
        itemName={(index) => t('editors.crossword.entryName', { n: index + 1 })}
        addLabel={t('editors.crossword.addEntry')}
        onAdd={add}
        onRemove={(index) => setEntries(removeAt(entries, index))}
        min={CROSSWORD_MIN_ENTRIES}
        max={CROSSWORD_MAX_ENTRIES}
        renderRow={(entry, index, row) => {
          const n = index + 1;
          return (
            <EditableListRow card columns={2} controls={row.controls}>
              <TextInput
                ref={row.inputRef}
                aria-label={t('editors.crossword.answerName', { n })}
                placeholder={t('editors.crossword.answerPlaceholder')}
                value={entry.answer}
                maxLength={60}
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(event) =>
                  setEntries(replaceAt(entries, index, { ...entry, answer: event.currentTarget.value }))
                }
                error={errorFor(`config.entries.${index}.answer`) ?? errorFor(`config.entries.${index}.id`)}
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
            </EditableListRow>
          );
        }}
      />

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
