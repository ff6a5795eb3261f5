import { useEffect, useMemo, useState } from 'react';
import { Box } from '@mantine/core';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { loadLanguage } from './code-languages.ts';

interface Props {
  code: string;
  /** A language of the question contract ('python'…); anything else is plain text. */
  language: string | null | undefined;
  /** id of the element that names this code (a label above it). */
  labelledBy: string;
}

/** Code as the student (or the model answer) wrote it, highlighted for its language, read only. */
export function ReadOnlyCode({ code, language, labelledBy }: Props) {
  const [loaded, setLoaded] = useState<{ language: string; extension: Extension | null } | null>(null);
  const key = language ?? 'other';

  useEffect(() => {
    let current = true;
    void loadLanguage(key).then((extension) => {
      if (current) setLoaded({ language: key, extension });
    });
    return () => {
      current = false;
    };
  }, [key]);

  const extension = loaded?.language === key ? loaded.extension : null;
  const extensions = useMemo(
    () => [
      ...(extension ? [extension] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-labelledby': labelledBy, 'aria-readonly': 'true' }),
    ],
    [extension, labelledBy],
  );

  return (
    <Box
      data-language={key}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        fontSize: 14,
      }}
    >
      <CodeMirror
        value={code}
        extensions={extensions}
        editable={false}
        readOnly
        maxHeight="420px"
        theme="light"
        basicSetup={{ foldGutter: false, highlightActiveLine: false, highlightActiveLineGutter: false }}
      />
    </Box>
  );
}
