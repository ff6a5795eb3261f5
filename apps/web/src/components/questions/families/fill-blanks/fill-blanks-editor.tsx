import { useRef } from 'react';
import { Badge, Button, Group, Paper, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconBrackets, IconTrash } from '@tabler/icons-react';
import { gapMarkers, splitPassage, type FillBlanksConfig, type FillBlanksGap } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { EditorSection } from '../../editors/section.tsx';
import { TextListEditor } from '../../editors/text-list-editor.tsx';

export const FILL_BLANKS_MAX_GAPS = 100;
const MAX_ACCEPTED = 50;

/** The number for a new blank: one more than any blank the passage or the list knows. */
export function nextGapId(passage: string, gaps: readonly FillBlanksGap[]): string {
  const used = [...gapMarkers(passage), ...gaps.map((gap) => gap.id)].map(Number).filter(Number.isFinite);
  return String(used.length === 0 ? 1 : Math.max(...used) + 1);
}

/** Gaps for markers the teacher typed by hand, so every blank in the passage has answers to fill. */
function withMarkedGaps(passage: string, gaps: readonly FillBlanksGap[]): FillBlanksGap[] {
  const known = new Set(gaps.map((gap) => gap.id));
  const added = [...new Set(gapMarkers(passage))].filter((id) => !known.has(id));
  return [...gaps, ...added.map((id) => ({ id, accepted: [''] }))];
}

const markerOf = (id: string) => `[[${id}]]`;

/**
 * Fill in the blanks: a passage in which "Insert blank" writes [[n]] at the cursor, and for each
 * blank the answers that count as right. A blank whose marker was deleted from the passage stays
 * listed (with its answers) and is flagged, so cutting and pasting text loses nothing.
 */
export function FillBlanksEditor({ question, onChange, errors }: EditorProps<FillBlanksConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const passageRef = useRef<HTMLTextAreaElement>(null);
  const config = question.config;
  const passage = config.passage ?? '';
  const gaps = config.gaps ?? [];
  const markers = new Set(gapMarkers(passage));

  const update = (patch: Partial<FillBlanksConfig>) =>
    onChange({ ...question, config: { ...config, ...patch } });
  const setPassage = (next: string) => update({ passage: next, gaps: withMarkedGaps(next, gaps) });

  const insertBlank = () => {
    const textarea = passageRef.current;
    const start = textarea?.selectionStart ?? passage.length;
    const end = textarea?.selectionEnd ?? passage.length;
    const id = nextGapId(passage, gaps);
    const marker = markerOf(id);
    // Keep words apart: "the[[1]]" would read as one word in the player.
    const before = passage.slice(0, start);
    const after = passage.slice(end);
    const lead = before === '' || /\s$/.test(before) ? '' : ' ';
    const trail = after === '' || /^[\s.,;:!?)]/.test(after) ? '' : ' ';
    const next = `${before}${lead}${marker}${trail}${after}`;
    update({ passage: next, gaps: withMarkedGaps(next, gaps) });
    const caret = before.length + lead.length + marker.length;
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(caret, caret);
    });
  };

  const removeGap = (id: string) => {
    // The space Insert blank put before the marker goes with it.
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const next = passage.replace(new RegExp(` ?\\[\\[${escaped}\\]\\]`, 'g'), '');
    update({ passage: next, gaps: gaps.filter((gap) => gap.id !== id) });
    requestAnimationFrame(() => passageRef.current?.focus());
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Textarea
          ref={passageRef}
          label={t('editors.fillBlanks.passage')}
          description={t('editors.fillBlanks.passageHint')}
          placeholder={t('editors.fillBlanks.passagePlaceholder')}
          value={passage}
          onChange={(event) => setPassage(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={16}
          maxLength={10_000}
          error={errorFor('config.passage')}
          styles={{ input: { fontFamily: 'inherit', lineHeight: 1.6 } }}
        />
        <Group gap="sm">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconBrackets size={16} aria-hidden />}
            onClick={insertBlank}
            disabled={gaps.length >= FILL_BLANKS_MAX_GAPS}
          >
            {t('editors.fillBlanks.insertBlank')}
          </Button>
          <Switch
            label={t('editors.fillBlanks.caseSensitive')}
            checked={config.caseSensitive ?? false}
            onChange={(event) => update({ caseSensitive: event.currentTarget.checked })}
          />
        </Group>
      </Stack>

      {passage.trim() !== '' && markers.size > 0 && (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            {t('editors.fillBlanks.preview')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 2 }}>
            {splitPassage(passage).map((part, index) =>
              'text' in part ? (
                <span key={index}>{part.text}</span>
              ) : (
                <Badge key={index} variant="outline" radius="sm" mx={2} style={{ textTransform: 'none' }}>
                  {t('editors.fillBlanks.blankName', { n: part.gapId })}
                </Badge>
              ),
            )}
          </Text>
        </Paper>
      )}

      <EditorSection
        legend={t('editors.fillBlanks.blanks')}
        description={
          gaps.length === 0 ? t('editors.fillBlanks.noBlanks') : t('editors.fillBlanks.blanksHint')
        }
        error={errorFor('config.gaps')}
      >
        {gaps.map((gap, index) => {
          const name = t('editors.fillBlanks.blankName', { n: gap.id });
          const orphan = !markers.has(gap.id);
          return (
            <Paper key={gap.id} withBorder radius="md" p="sm">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {name}
                  </Text>
                  {orphan && (
                    <Badge color="orange" variant="light" size="sm">
                      {t('editors.fillBlanks.notInPassage')}
                    </Badge>
                  )}
                </Group>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => removeGap(gap.id)}
                  aria-label={t('editors.removeNamed', { name })}
                >
                  {t('editors.remove')}
                </Button>
              </Group>
              {errorFor(`config.gaps.${index}.id`) && (
                <Text size="sm" c="var(--mantine-color-error)" role="alert" mb="xs">
                  {errorFor(`config.gaps.${index}.id`)}
                </Text>
              )}
              <TextListEditor
                legend={t('editors.fillBlanks.accepted')}
                itemName={(n) => t('editors.fillBlanks.acceptedName', { blank: name, n })}
                addLabel={t('editors.fillBlanks.addAccepted')}
                placeholder={t('editors.fillBlanks.acceptedPlaceholder')}
                values={gap.accepted}
                onChange={(accepted) => update({ gaps: replaceAt(gaps, index, { ...gap, accepted }) })}
                min={1}
                max={MAX_ACCEPTED}
                listError={errorFor(`config.gaps.${index}.accepted`)}
                itemError={(i) => errorFor(`config.gaps.${index}.accepted.${i}`)}
              />
            </Paper>
          );
        })}
      </EditorSection>
    </Stack>
  );
}
