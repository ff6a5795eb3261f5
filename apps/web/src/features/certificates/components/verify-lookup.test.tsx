import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../test/providers.tsx';
import { CODE } from '../test-utils.tsx';
import { VerifyScreen } from './verify-screen.tsx';

vi.setConfig({ testTimeout: 30_000 });

// /verify (the landing page's footer link) is the verification page without a code.
const renderLookup = () => renderWithRouter(<VerifyScreen code="" />, '/verify');

describe('/verify without a code', () => {
  it('asks for the code and opens its verification, forgiving spaces, dashes and lower case', async () => {
    const { router } = await renderLookup();
    expect(screen.getByRole('heading', { name: 'Certificate verification' })).toBeInTheDocument();
    const spaced = `${CODE.slice(0, 8).toLowerCase()} ${CODE.slice(8, 16)}-${CODE.slice(16)}`;
    await userEvent.type(screen.getByRole('textbox', { name: 'Certificate code' }), spaced);
    await userEvent.click(screen.getByRole('button', { name: 'Check the certificate' }));
    expect(router.state.location.pathname).toBe(`/verify/${CODE}`);
  });

  it('refuses a malformed code in words and stays', async () => {
    const { router } = await renderLookup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Certificate code' }), 'ABC123');
    await userEvent.click(screen.getByRole('button', { name: 'Check the certificate' }));
    expect(
      await screen.findByText('Enter the 32-character code exactly as it is printed on the certificate.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    expect(screen.queryByText(/^Code /)).toBeNull();
  });
});
