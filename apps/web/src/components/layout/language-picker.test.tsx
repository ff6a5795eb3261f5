import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context.ts';
import { makeProfileEnvelope } from '../../test/fixtures.ts';
import { answer, receivedBody, receivedRequests, server } from '../../test/msw-server.ts';
import { LanguagePicker } from './language-picker.tsx';
import { authValue, makeProfile, renderAt } from './test-utils.tsx';

const withSession = (value: ReturnType<typeof authValue> | null) =>
  renderAt(
    <AuthContext.Provider value={value as unknown as AuthContextValue}>
      <LanguagePicker />
    </AuthContext.Provider>,
  );

describe('LanguagePicker in the top bar', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("saves a signed-in user's choice to their profile, so mail and files follow it", async () => {
    server.use(answer('put', '/auth/profile/language', makeProfileEnvelope({ language: 'th' })));
    const reloadProfile = vi.fn(async () => null);
    const user = userEvent.setup();
    await withSession(authValue(makeProfile({ language: 'en' }), { reloadProfile }));

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'ไทย' }));

    await waitFor(() => expect(i18n.language).toBe('th'));
    await waitFor(() => expect(reloadProfile).toHaveBeenCalledWith({ force: true }));
    expect(await receivedBody('PUT', '/auth/profile/language')).toEqual({ language: 'th' });
  });

  it('only changes the screens for a visitor who is not signed in', async () => {
    const user = userEvent.setup();
    await withSession(authValue(null));
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'বাংলা' }));
    await waitFor(() => expect(i18n.language).toBe('bn'));
    expect(receivedRequests()).toEqual([]);
  });

  it("shows the screens in the profile's language once signed in", async () => {
    await withSession(authValue(makeProfile({ id: 'u-km', language: 'km' })));
    await waitFor(() => expect(i18n.language).toBe('km'));
    expect(receivedRequests()).toEqual([]);
  });

  it('saves a language picked on the sign-in pages to the profile instead of undoing it', async () => {
    server.use(answer('put', '/auth/profile/language', makeProfileEnvelope({ language: 'sw' })));
    sessionStorage.setItem('vbuilder_lang_picked', 'sw');
    await i18n.changeLanguage('sw');
    await withSession(authValue(makeProfile({ id: 'u-sw', language: 'en' })));
    await waitFor(async () => expect(receivedRequests('PUT', '/auth/profile/language')).toHaveLength(1));
    expect(await receivedBody('PUT', '/auth/profile/language')).toEqual({ language: 'sw' });
    expect(i18n.language).toBe('sw');
    expect(sessionStorage.getItem('vbuilder_lang_picked')).toBeNull();
  });
});
