import { useEffect, useMemo, useRef, useState } from 'react';
import { Group, Input, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { countWords } from './open-utils.ts';
import { useRovingToolbar } from './use-roving-toolbar.ts';

export interface RichTextResponseProps {
  /** HTML; '' or undefined when empty. */
  value: string | undefined;
  onChange(html: string): void;
  label: string;
  description?: string;
  maxWords?: number;
  disabled: boolean;
  id: string;
}

/** The editor's HTML, or '' for an empty document (TipTap reports '<p></p>'), so "unanswered" stays ''. */
const htmlOf = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML());

/**
 * A formatted-text answer (bold, italic, headings, lists, links) written with TipTap. The HTML goes
 * to the answer as it is: the API sanitises it when it stores it, and this component never renders
 * stored HTML itself except through the editor's own schema, which drops unknown markup.
 */
export function RichTextResponse({
  value,
  onChange,
  label,
  description,
  maxWords,
  disabled,
  id,
}: RichTextResponseProps) {
  const { t } = useTranslation('questions');
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const countId = `${id}-count`;
  const [words, setWords] = useState(0);
  // The editor is created once; the latest onChange is read through a ref so it never goes stale.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const toolbarRef = useRef<HTMLDivElement>(null);
  useRovingToolbar(toolbarRef, { selector: 'button[data-rich-text-editor-control]', enabled: !disabled });

  const editor = useEditor({
    extensions: [
      // Mantine's Link adds Ctrl/Cmd+K for the link popover and doesn't follow links on click.
      StarterKit.configure({ link: false, code: false, codeBlock: false, horizontalRule: false }),
      Link,
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': [description ? descriptionId : '', countId].filter(Boolean).join(' '),
      },
    },
    onUpdate: ({ editor: updated }) => {
      setWords(countWords(updated.getText({ blockSeparator: '\n' })));
      onChangeRef.current(htmlOf(updated));
    },
  });

  // Controlled: follow a value set from outside (reset, restored draft) without echoing it back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (next !== htmlOf(editor)) editor.commands.setContent(next, { emitUpdate: false });
    setWords(countWords(editor.getText({ blockSeparator: '\n' })));
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('openPlayer.richText.bold'),
      italicControlLabel: t('openPlayer.richText.italic'),
      h2ControlLabel: t('openPlayer.richText.heading'),
      h3ControlLabel: t('openPlayer.richText.subheading'),
      bulletListControlLabel: t('openPlayer.richText.bulletList'),
      orderedListControlLabel: t('openPlayer.richText.orderedList'),
      blockquoteControlLabel: t('openPlayer.richText.quote'),
      linkControlLabel: t('openPlayer.richText.link'),
      unlinkControlLabel: t('openPlayer.richText.unlink'),
      undoControlLabel: t('openPlayer.richText.undo'),
      redoControlLabel: t('openPlayer.richText.redo'),
      linkEditorInputLabel: t('openPlayer.richText.linkAddress'),
      linkEditorInputPlaceholder: t('openPlayer.richText.linkPlaceholder'),
      linkEditorExternalLink: t('openPlayer.richText.linkNewTab'),
      linkEditorInternalLink: t('openPlayer.richText.linkSameTab'),
      linkEditorSave: t('openPlayer.richText.linkSave'),
    }),
    [t],
  );

  const over = maxWords ? Math.max(0, words - maxWords) : 0;

  return (
    <div>
      <Input.Label id={labelId} mb={4} onClick={() => editor?.commands.focus()}>
        {label}
      </Input.Label>
      {description && (
        <Input.Description id={descriptionId} mb={6}>
          {description}
        </Input.Description>
      )}
      <RichTextEditor
        editor={editor}
        labels={labels}
        aria-disabled={disabled || undefined}
        styles={{
          content: { minHeight: 180, backgroundColor: disabled ? 'var(--mantine-color-gray-0)' : undefined },
        }}
      >
        {!disabled && (
          <RichTextEditor.Toolbar
            ref={toolbarRef}
            aria-label={t('openPlayer.richText.toolbar')}
            role="toolbar"
          >
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
      <Group justify="flex-end" mt={4}>
        <Text
          id={countId}
          size="sm"
          c={over > 0 ? 'red.8' : 'dimmed'}
          aria-live="polite"
          fw={over > 0 ? 600 : undefined}
        >
          {maxWords
            ? t('openPlayer.richText.wordsOfMax', { count: words, max: maxWords })
            : t('openPlayer.richText.words', { count: words })}
          {over > 0 && ` — ${t('openPlayer.richText.overLimit', { count: over })}`}
        </Text>
      </Group>
    </div>
  );
}
