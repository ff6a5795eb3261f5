import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultAuthConfig } from '../../../lib/auth/auth-config.ts';
import { answer, apiUrl, http, HttpResponse, receivedRequests, server } from '../../../test/msw-server.ts';
import { makeAttempt } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { prefetchAttempt, rememberStartedAttempt, useLoadedAttempt } from './use-loaded-attempt.ts';

const attemptOf = (id: string) => makeAttempt({ id });

function Title({ id }: { id: string }) {
  const loaded = useLoadedAttempt(id);
  return <p>{loaded.data ? loaded.data.attempt.assessment.title : 'loading'}</p>;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  server.use(
    http.get(apiUrl('/attempts/:id'), ({ params }) => HttpResponse.json(attemptOf(String(params.id)))),
    // The prefetch asks for the identity client first (its token), as the route runs before the session.
    answer('get', '/auth/config', defaultAuthConfig('http://localhost:3000')),
  );
});

describe('an attempt in the address, loaded before its screen', () => {
  it('is asked for once: the screen takes what the route started', async () => {
    prefetchAttempt('attempt-pre');
    await waitFor(() => expect(receivedRequests('GET', '/attempts/attempt-pre')).toHaveLength(1));
    await renderWithProviders(<Title id="attempt-pre" />);
    expect(await screen.findByText('Plants quiz')).toBeInTheDocument();
    expect(receivedRequests('GET', '/attempts/attempt-pre')).toHaveLength(1);
  });

  it('is not asked for again when the start just answered it', async () => {
    const started = attemptOf('attempt-started');
    await rememberStartedAttempt(new QueryClient(), { attempt: started, clockOffsetMs: 0 });
    prefetchAttempt('attempt-started');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receivedRequests('GET', '/attempts/attempt-started')).toHaveLength(0);
  });
});
