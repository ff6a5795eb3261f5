import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, rememberPickBeforeSignIn } from '../../../lib/languages.ts';

/**
 * The interface language for visitors who are not signed in yet (kept in the language cookie, and
 * saved to the profile when they sign in next).
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('accounts');
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('layout.language', { language: current.name })}
        >
          <span lang={current.code}>{current.name}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => {
              rememberPickBeforeSignIn(language.code);
              void i18n.changeLanguage(language.code);
            }}
            rightSection={language.code === current.code ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={language.code === current.code ? 'true' : undefined}
          >
            {language.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
