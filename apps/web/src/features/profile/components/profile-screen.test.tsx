import { act, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedBody,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { deferred, elapse, flush } from '../../../test/timers.ts';
import { envelope, makeProfile } from '../test-utils.ts';
import i18n from '../../../lib/i18n.ts';
import { ProfileScreen } from './profile-screen.tsx';

const mocks = vi.hoisted(() => ({ reloadProfile: vi.fn() }));
vi.mock('../../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ reloadProfile: mocks.reloadProfile }),
}));

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([data]) => data);
const toastTexts = () => toasts().map((data) => [data.title, data.message].filter(Boolean).join(' | '));

const PROFILE = '/auth/profile';
const IMAGE = '/auth/profile/image';
const profileRequests = () => receivedRequests('GET', PROFILE);

async function renderScreen(user = makeProfile()) {
  server.use(answer('get', PROFILE, envelope(user)));
  const result = await renderWithProviders(<ProfileScreen />);
  await flush();
  return result;
}

const imageInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = (file: File) => fireEvent.change(imageInput(), { target: { files: [file] } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

describe('ProfileScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    mocks.reloadProfile.mockReset();
  });

  it('shows the banner, the personal card and the account card', async () => {
    await renderScreen(
      makeProfile({
        last_login: '2026-03-04T05:06:07.000Z',
        profile_image: '/api/files/profile-images/x.png',
      }),
    );
    expect(profileRequests()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Amina Wanjiru' })).toBeInTheDocument();
    expect(screen.getByText('Teacher').closest('[data-role-color]')).toHaveAttribute(
      'data-role-color',
      'teal',
    );
    expect(screen.getByRole('button', { name: 'Change profile image' })).toBeInTheDocument();
    expect(imageInput()).toHaveAttribute('accept', 'image/*');

    const personal = within(screen.getByRole('region', { name: 'Personal Information' }));
    expect(personal.getByText('amina@school.test')).toBeInTheDocument();
    expect(personal.getByText('+255700000001')).toBeInTheDocument();
    // The organization by its name: an id means nothing to a person.
    expect(personal.getByText('Kilimanjaro Secondary School')).toBeInTheDocument();
    expect(personal.queryByText('5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40')).not.toBeInTheDocument();

    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByText('Active').closest('[data-status-color]')).toHaveAttribute(
      'data-status-color',
      'green',
    );
    expect(account.getByText('Logged in')).toBeInTheDocument();
    const format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(account.getByText(format.format(new Date('2026-03-04T05:06:07.000Z')))).toBeInTheDocument();
    expect(account.getByText(format.format(new Date('2026-01-15T09:30:00.000Z')))).toBeInTheDocument();
  });

  it("says 'not provided', 'not associated' and 'never' when those are missing", async () => {
    await renderScreen(makeProfile({ phone: null, organizationId: null, last_login: null }));
    expect(screen.getByText('not provided')).toBeInTheDocument();
    expect(screen.getByText('not associated')).toBeInTheDocument();
    expect(screen.getByText('never')).toBeInTheDocument();
  });

  it('keeps a leading plus that is already there', async () => {
    await renderScreen(makeProfile({ phone: '+60 12-345 6789' }));
    expect(screen.getByText('+60 12-345 6789')).toBeInTheDocument();
  });

  it('shows the initials when there is no image', async () => {
    await renderScreen(makeProfile({ profile_image: null, name: 'Amina Wanjiru' }));
    expect(screen.getByText('AW')).toBeInTheDocument();
  });

  describe('profile image', () => {
    it('previews, uploads, toasts and refetches the profile 750 ms later', async () => {
      await renderScreen();
      const upload = deferred<void>();
      server.use(
        http.post(apiUrl(IMAGE), async () => {
          await upload.promise;
          return HttpResponse.json(
            envelope(makeProfile({ profile_image: '/api/files/profile-images/new.png' })),
          );
        }),
      );

      pick(png());
      const dialog = screen.getByRole('dialog', { name: 'Update Profile Image' });
      expect(within(dialog).getByText('Preview and confirm your new profile image.')).toBeInTheDocument();
      expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'blob:preview');

      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await flush();
      expect(within(dialog).getByRole('button', { name: 'Uploading...' })).toBeDisabled();
      // An upload (multipart form data); its parts are not readable under jsdom.
      expect(receivedRequests('POST', IMAGE)[0]?.headers.get('content-type')).toMatch(
        /^multipart\/form-data/,
      );

      upload.resolve();
      await flush();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(toastTexts()).toContain('Profile image updated.');
      expect(profileRequests()).toHaveLength(1);

      await elapse(749);
      expect(mocks.reloadProfile).not.toHaveBeenCalled();
      expect(profileRequests()).toHaveLength(1);
      await elapse(1);
      expect(mocks.reloadProfile).toHaveBeenCalledTimes(1);
      await flush();
      expect(profileRequests()).toHaveLength(2);
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    });

    it('toasts the failure, keeps the dialog and does not refetch', async () => {
      await renderScreen();
      server.use(answerError('post', IMAGE, 400, 'unsupported_file_type'));

      pick(png());
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await flush();
      expect(toastTexts()).toContain(
        'The profile image could not be updated. | This type of file is not supported.',
      );
      expect(screen.getByRole('dialog', { name: 'Update Profile Image' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
      await elapse(2000);
      expect(mocks.reloadProfile).not.toHaveBeenCalled();
    });

    it('cancels without uploading', async () => {
      await renderScreen();
      pick(png());
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(receivedRequests('POST')).toEqual([]);
    });

    it('refuses a file that is not an image before previewing it', async () => {
      await renderScreen();
      pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(toastTexts()).toContain(
        'The profile image could not be updated. | “notes.txt” is not an image. Choose a PNG, JPEG, WebP or GIF file.',
      );
    });

    it('says why an image kind the server refuses (HEIC) is not previewed', async () => {
      await renderScreen();
      pick(new File(['x'], 'IMG_0001.heic', { type: 'image/heic' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(toastTexts()).toContain(
        'The profile image could not be updated. | “IMG_0001.heic” is not an image. Choose a PNG, JPEG, WebP or GIF file.',
      );
    });
  });

  describe('edit dialog', () => {
    const open = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
      return screen.getByRole('dialog', { name: 'Edit Profile' });
    };
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });

    it('shows the language and saves another, switching the screens to it', async () => {
      await renderScreen();
      const personal = within(screen.getByRole('region', { name: 'Personal Information' }));
      expect(personal.getByText('English')).toHaveAttribute('lang', 'en');
      const dialog = open();
      const language = within(dialog)
        .getAllByLabelText('Language')
        .find((element) => element.tagName === 'INPUT')!;
      expect(language).toHaveValue('English');
      fireEvent.click(language);
      await flush();
      fireEvent.click(screen.getByRole('option', { name: 'ไทย', hidden: true }));
      server.use(answer('put', PROFILE, envelope(makeProfile({ name: 'Amina Wanjiru', language: 'th' }))));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await flush();
      expect(await receivedBody('PUT', PROFILE)).toMatchObject({ language: 'th' });
      await act(async () => {
        await i18n.loadLanguages('th');
      });
      await flush();
      expect(i18n.language).toBe('th');
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    });

    it('splits the name, saves, toasts, closes after 1 s and reloads', async () => {
      await renderScreen();
      const dialog = open();
      expect(screen.getByLabelText('Name')).toHaveValue('Amina Wanjiru');
      expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

      type('Name', '  Ada   Lovelace  King ');
      // The current password is asked for only once the email differs.
      expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
      type('Email', 'ada@school.test');
      expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');
      type('Current password', 'my current password');
      type('Phone', '44 20 7946 0958');
      // The name and phone are saved at once; the email waits for the link mailed to it.
      const saved = makeProfile({ name: 'Ada Lovelace King', phone: '44 20 7946 0958' });
      server.use(answer('put', PROFILE, { ...envelope(saved), pendingEmail: 'ada@school.test' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await flush();

      expect(await receivedBody('PUT', PROFILE)).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace King',
        email: 'ada@school.test',
        phoneNumber: '44 20 7946 0958',
        language: 'en',
        currentPassword: 'my current password',
      });
      expect(toastTexts()).toContain(
        'Ada Lovelace King updated successfully. We sent a link to ada@school.test: your email changes when you open it.',
      );
      expect(screen.getByRole('heading', { name: 'Ada Lovelace King' })).toBeInTheDocument();

      await elapse(999);
      expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
      expect(mocks.reloadProfile).not.toHaveBeenCalled();
      await elapse(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(mocks.reloadProfile).toHaveBeenCalledTimes(1);
    });

    it('sends empty fields as they are: the server decides (no client checks)', async () => {
      await renderScreen();
      open();
      type('Name', '');
      type('Email', 'not-an-email');
      server.use(
        answerError('put', PROFILE, 400, 'validation_error', {
          details: [
            { path: ['firstName'], message: 'validation.nameRequired' },
            { path: ['email'], message: 'validation.emailInvalid' },
          ],
        }),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await flush();

      expect(await receivedBody('PUT', PROFILE)).toMatchObject({
        firstName: '',
        lastName: '',
        email: 'not-an-email',
      });
      expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
      expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
      expect(toastTexts()).toContain('Some of the information is not valid. Please check the form.');
      await elapse(1500);
      expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
      expect(mocks.reloadProfile).not.toHaveBeenCalled();
    });

    it("shows the server's reason, or the generic failure", async () => {
      await renderScreen();
      open();
      server.use(answerError('put', PROFILE, 409, 'email_taken', { once: true }));
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await flush();
      expect(toastTexts()).toContain('An account with this email already exists.');

      // A reason the screens have no words for: the generic failure.
      server.use(answerError('put', PROFILE, 422, 'some_new_reason', { once: true }));
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await flush();
      expect(toastTexts()).toContain('Failed to update user profile.');

      // No answer at all (the network): the client's network_error, in words.
      server.use(http.put(apiUrl(PROFILE), () => HttpResponse.error(), { once: true }));
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await flush();
      expect(toastTexts()).toContain('We could not reach vbuilder. Check your connection and try again.');
    });

    it('cancel closes without saving', async () => {
      await renderScreen();
      open();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(receivedRequests('PUT')).toEqual([]);
    });
  });

  it('shows the load-error card and retries', async () => {
    server.use(answer('get', PROFILE, envelope(makeProfile())));
    server.use(answerError('get', PROFILE, 500, 'internal_error', { once: true }));
    await renderWithProviders(<ProfileScreen />);
    await flush();

    const alert = screen.getByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Error: User profile could not be loaded' }),
    ).toBeInTheDocument();
    expect(toastTexts()).toEqual(['Failed to load user profile']);

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Amina Wanjiru' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastTexts()).toHaveLength(1);
  });
});
