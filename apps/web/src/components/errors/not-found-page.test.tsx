import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../layout/test-utils.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('NotFoundPage', () => {
  it('says so kindly and links home', async () => {
    await renderAt(<NotFoundPage />, { route: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't find this page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/account/home');
  });
});
