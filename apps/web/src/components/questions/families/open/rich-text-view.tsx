import { useEffect } from 'react';
import { Typography } from '@mantine/core';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

interface Props {
  /** The HTML the rich-text answer editor produced. */
  html: string;
  labelledBy: string;
}

/**
 * A formatted-text answer, shown read only. The stored HTML is never put into the page as it is:
 * it is parsed by the same editor schema the student wrote it with, which keeps paragraphs,
 * headings, emphasis, lists, quotes and links and drops anything else (scripts, event
 * attributes, styles, unknown tags). Links open in a new tab without access to this page.
 */
export function RichTextView({ html, labelledBy }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: {
          openOnClick: true,
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
    ],
    content: html,
    editable: false,
    editorProps: {
      attributes: { 'aria-labelledby': labelledBy, role: 'group' },
    },
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  return (
    <Typography
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)',
        background: 'var(--mantine-color-gray-0)',
        overflowWrap: 'anywhere',
      }}
    >
      <EditorContent editor={editor} />
    </Typography>
  );
}
