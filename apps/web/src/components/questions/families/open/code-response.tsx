import { useEffect, useMemo, useState } from 'react';
import { indentUnit } from '@codemirror/language';
import { Box, Input } from '@mantine/core';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { useTranslation } from 'react-i18next';
import { indentOf, isKnownLanguage, loadLanguage } from './code-languages.ts';
import type { ResponsePartProps } from './open-types.ts';

/**
 * A code answer in CodeMirror 6 with highlighting for the question's language. Tab indents; a
 * keyboard user leaves with Escape then Tab (CodeMirror's own escape hatch), which the hint says.
 */
export function CodeResponse({ answer, config, update, disabled, idPrefix }: ResponsePartProps) {
  const { t } = useTranslation('questions');
  const labelId = `${idPrefix}-code-label`;
  const hintId = `${idPrefix}-code-hint`;
  const language = isKnownLanguage(config.codeLanguage) ? config.codeLanguage : 'other';
  const languageName = t(`openPlayer.code.languages.${language}`);
  const code = answer.code ?? config.starterCode ?? '';

  const [highlighting, setHighlighting] = useState<{ language: string; extension: Extension | null } | null>(
    null,
  );

  useEffect(() => {
    let current = true;
    void loadLanguage(language).then((extension) => {
      if (current) setHighlighting({ language, extension });
    });
    return () => {
      current = false;
    };
  }, [language]);

  const languageExtension = highlighting?.language === language ? highlighting.extension : null;

  const extensions = useMemo(
    () => [
      ...(languageExtension ? [languageExtension] : []),
      indentUnit.of(indentOf(language)),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-labelledby': labelId,
        'aria-describedby': hintId,
        'aria-multiline': 'true',
        role: 'textbox',
        id: `${idPrefix}-code`,
        spellcheck: 'false',
        autocapitalize: 'off',
        autocorrect: 'off',
      }),
    ],
    [languageExtension, language, labelId, hintId, idPrefix],
  );

  return (
    <div>
      <Input.Label id={labelId} mb={4}>
        {t('openPlayer.code.label', { language: languageName })}
      </Input.Label>
      <Input.Description id={hintId} mb={6}>
        {disabled ? t('openPlayer.code.readOnly') : t('openPlayer.code.keyboardHint')}
      </Input.Description>
      <Box
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          overflow: 'hidden',
          fontSize: 14,
        }}
        data-language={language}
      >
        <CodeMirror
          value={code}
          onChange={(next) => update({ code: next })}
          extensions={extensions}
          editable={!disabled}
          readOnly={disabled}
          minHeight="220px"
          maxHeight="520px"
          theme="light"
          basicSetup={{ foldGutter: false, highlightActiveLine: !disabled, autocompletion: true }}
        />
      </Box>
    </div>
  );
}
