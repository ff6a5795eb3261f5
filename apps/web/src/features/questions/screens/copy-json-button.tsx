import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Puts text on the clipboard. The Clipboard API needs a secure context (https or localhost); a
 * school server reached over plain http falls back to a hidden text area and the copy command.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

interface Props extends ButtonProps {
  /** The example as JSON text, exactly as a teacher would paste it. */
  text: string;
  /** The question type's label, for the toast and the button's accessible name. */
  typeLabel: string;
}

/** Copy JSON: copies an example as a template and says so in a toast (or why it could not). */
export function CopyJsonButton({ text, typeLabel, ...props }: Props) {
  const { t } = useTranslation('questions');
  const copy = async () => {
    try {
      await copyText(text);
      notifications.show({
        color: 'teal',
        title: t('examples.copy.doneTitle'),
        message: t('examples.copy.done', { type: typeLabel }),
      });
    } catch {
      notifications.show({
        color: 'red',
        title: t('examples.copy.failedTitle'),
        message: t('examples.copy.failed'),
      });
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconCopy size={16} aria-hidden />}
      onClick={() => void copy()}
      aria-label={t('examples.copy.label', { type: typeLabel })}
      {...props}
    >
      {t('examples.copy.button')}
    </Button>
  );
}
