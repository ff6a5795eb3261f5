import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, receivedBody, server } from '../../../test/msw-server.ts';
import { readIntendedPath } from '../../../lib/auth/intended-path.ts';
import { ltiCodeFromHash, readLtiCode, storeLtiCode } from '../lib/lti-code.ts';
import { renderScreen } from '../test-utils.tsx';
import { SignInScreen } from './sign-in-screen.tsx';

/** Arriving at the sign-in page from an LTI launch (/lti/launch left its code in this tab). */
const details = { uid: 'abc123', prompt: 'login', clientId: 'vbuilder-web' };
const CODE = 'Zk3v9QwX1yL0pT7rS2uE4iO6aD8fG5hJ';

describe('SignInScreen after an LTI launch', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(http.get('/signin/:uid/details', () => HttpResponse.json(details)));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('exchanges the code without a password and ends the sign-in on the launch’s landing', async () => {
    storeLtiCode(CODE);
    server.use(
      http.post('/signin/:uid/lti', () =>
        HttpResponse.json({ redirectTo: '/oidc/auth/abc123', landing: '/account/user/u1/quiz/a1' }),
      ),
    );
    await renderScreen(<SignInScreen uid="abc123" />);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc123'));
    expect(await receivedBody('POST', '/signin/abc123/lti')).toEqual({ code: CODE });
    expect(readIntendedPath()).toBe('/account/user/u1/quiz/a1');
    expect(readLtiCode()).toBeNull();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('says why and offers the form when the code is refused', async () => {
    storeLtiCode(CODE);
    server.use(
      http.post('/signin/:uid/lti', () =>
        HttpResponse.json({ code: 'lti_launch_refused', message: 'expired' }, { status: 400 }),
      ),
    );
    await renderScreen(<SignInScreen uid="abc123" />);

    expect(
      await screen.findByText(
        'The launch from your learning platform could not be accepted. Open the activity again from the course.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('the launch code in the address', () => {
  it('is read from the fragment only when it looks like one', () => {
    expect(ltiCodeFromHash(`#code=${CODE}`)).toBe(CODE);
    expect(ltiCodeFromHash('#code=<script>')).toBeNull();
    expect(ltiCodeFromHash('')).toBeNull();
  });
});
