import { cloneElement, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { ProfileEnvelopeSchema } from '@vbuilder/shared';
import { api } from '../../lib/api-client.ts';
import { AuthContext } from '../../lib/auth/auth-context.ts';
import { reportError } from '../../lib/auth/report-error.ts';
import {
  FALLBACK_LANGUAGE,
  isLanguageCode,
  LANGUAGES,
  takePickBeforeSignIn,
  type LanguageCode,
} from '../../lib/languages.ts';
import { markInteracted, useAfterFirstInteraction } from '../deferred/first-interaction.ts';

// The menu itself is its own chunk: it comes with the first interaction.
const loadLanguageMenu = () => import('./language-menu.tsx').then((m) => m.default);

/** The user whose language was reconciled with the screens in this page load (survives remounts). */
let reconciledUserId: string | null = null;

/**
 * The 12 interface languages (docs/product/overview.md); the choice is kept in the language cookie by the detector
 * and, for a signed-in user, saved to their profile: mail and files the server writes follow it.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const auth = useContext(AuthContext);
  // Clicked before the menu's code came: it opens as soon as it is here.
  const [openRequested, setOpenRequested] = useState(false);
  const LanguageMenu = useAfterFirstInteraction(loadLanguageMenu);

  const save = (language: LanguageCode) => {
    if (!auth?.user || auth.user.language === language) return;
    api
      .put('/auth/profile/language', { language }, ProfileEnvelopeSchema)
      .then(() => auth.reloadProfile({ force: true }))
      .catch((error: unknown) => reportError(error, { area: 'profile', action: 'save-language' }));
  };
  const choose = (language: LanguageCode) => {
    void i18n.changeLanguage(language);
    save(language);
  };

  // Once signed in: a language picked on the sign-in pages is saved to the profile; otherwise the
  // screens take the profile's language (set on another device, or by whoever invited the user).
  const user = auth?.user;
  useEffect(() => {
    if (!user?.id || reconciledUserId === user.id) return;
    reconciledUserId = user.id;
    const picked = takePickBeforeSignIn();
    if (picked) save(picked);
    else if (isLanguageCode(user.language) && user.language !== i18n.language) {
      void i18n.changeLanguage(user.language);
    }
    // Once per user and page load; save and i18n are stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);
  // The chosen language, even while its catalog is still loading (resolvedLanguage is then English).
  const current =
    LANGUAGES.find((l) => l.code === i18n.language) ??
    LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ??
    LANGUAGES.find((l) => l.code === FALLBACK_LANGUAGE)!;

  const trigger = (
    <Button
      variant="subtle"
      color="gray"
      px={8}
      leftSection={<IconLanguage size={20} aria-hidden />}
      aria-label={t('topBar.language', { language: current.name })}
      aria-haspopup="menu"
    >
      <Box component="span" visibleFrom="sm" lang={current.code}>
        {current.name}
      </Box>
    </Button>
  );

  return LanguageMenu ? (
    <LanguageMenu trigger={trigger} current={current} onChoose={choose} defaultOpened={openRequested} />
  ) : (
    cloneElement(trigger, {
      onClick: () => {
        setOpenRequested(true);
        markInteracted();
      },
    })
  );
}
