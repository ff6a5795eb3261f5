import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/providers.tsx';
import { LoadErrorCard } from './load-error-card.tsx';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('LoadErrorCard', () => {
  it('says what failed and why in words, and its retry loads again', async () => {
    const onRetry = vi.fn();
    await renderWithProviders(
      <LoadErrorCard
        heading="Error loading assessments"
        error={failure('internal_error')}
        onRetry={onRetry}
        retryLabel="Try again"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { level: 2, name: 'Error loading assessments' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(alert).not.toHaveTextContent('internal_error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry for a refusal, which would only be refused again', async () => {
    await renderWithProviders(
      <LoadErrorCard heading="Error fetching users" error={failure('forbidden')} onRetry={vi.fn()} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('You are not allowed to do this.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes its own words instead of the reason, and does not repeat a heading that names it', async () => {
    await renderWithProviders(
      <>
        <LoadErrorCard heading="Not found" error={failure('not_found')} description="Look elsewhere." />
        <LoadErrorCard heading="You are not allowed to do this." error={failure('forbidden')} />
      </>,
    );
    const [own, named] = screen.getAllByRole('alert');
    expect(own).toHaveTextContent(/^Not foundLook elsewhere\.$/);
    expect(named).toHaveTextContent(/^You are not allowed to do this\.$/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
