import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LANGUAGES, type LanguageCode } from '../../lib/languages.ts';

type Language = (typeof LANGUAGES)[number];

interface Props {
  trigger: ReactElement;
  current: Language;
  onChoose(language: LanguageCode): void;
  /** Opened at once: the trigger was clicked while this code was on its way. */
  defaultOpened: boolean;
}

/** The language picker's menu (its own chunk: it comes with the first interaction). */
export default function LanguageMenu({ trigger, current, onChoose, defaultOpened }: Props) {
  const { t } = useTranslation('common');
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('topBar.chooseLanguage')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            aria-current={language.code === current.code ? 'true' : undefined}
            rightSection={language.code === current.code ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => onChoose(language.code)}
          >
            {language.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
