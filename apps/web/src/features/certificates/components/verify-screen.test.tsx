import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerError, receivedRequests, server } from '../../../test/msw-server.ts';
import { CODE, makeVerification, renderCertificates } from '../test-utils.tsx';
import { VerifyScreen } from './verify-screen.tsx';

vi.setConfig({ testTimeout: 30_000 });

const renderVerify = (code: string) =>
  renderCertificates(<VerifyScreen code={code} />, `/verify/${code}`, '/verify/:code');

describe('the public verification page', () => {
  it('shows a valid certificate: holder, assessment, organization and date, in green', async () => {
    server.use(answer('get', `/certificates/verify/${CODE}`, { data: makeVerification() }));
    await renderVerify(CODE);
    expect(await screen.findByRole('heading', { name: 'Valid' })).toBeInTheDocument();
    const card = document.querySelector('[data-verification="valid"]')!;
    expect(card).toHaveTextContent('Awarded toAmina Hassan');
    expect(card).toHaveTextContent('AssessmentPhotosynthesis check');
    expect(card).toHaveTextContent('Issued byHill School');
    expect(card).toHaveTextContent('Issued onNov 20, 2026');
    expect(screen.getByText('This certificate is genuine and has not been revoked.')).toBeInTheDocument();
    expect(
      receivedRequests('GET', `/certificates/verify/${CODE}`)[0]!.headers.get('authorization'),
    ).toBeNull();
  });

  it('shows a revoked certificate in red with the date it was revoked', async () => {
    server.use(
      answer('get', `/certificates/verify/${CODE}`, {
        data: makeVerification({ status: 'revoked', revokedAt: '2026-11-22T09:00:00.000Z' }),
      }),
    );
    await renderVerify(CODE.toLowerCase());
    expect(await screen.findByRole('heading', { name: 'Revoked' })).toBeInTheDocument();
    expect(
      screen.getByText('This certificate was revoked on Nov 22, 2026 and is no longer valid.'),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-verification="revoked"]')).not.toBeNull();
  });

  it('says so for an unknown code', async () => {
    server.use(answerError('get', `/certificates/verify/${CODE}`, 404, 'certificate_not_found'));
    await renderVerify(CODE);
    expect(await screen.findByRole('heading', { name: 'Unknown certificate' })).toBeInTheDocument();
    expect(
      screen.getByText(`No certificate has the code ${CODE}. Check the code or the link and try again.`),
    ).toBeInTheDocument();
  });

  it('does not ask the server about a code that cannot be one', async () => {
    await renderVerify('not-a-code');
    expect(await screen.findByRole('heading', { name: 'Unknown certificate' })).toBeInTheDocument();
    expect(receivedRequests()).toHaveLength(0);
  });

  it('offers the language picker of the public pages', async () => {
    server.use(answer('get', `/certificates/verify/${CODE}`, { data: makeVerification() }));
    await renderVerify(CODE);
    expect(await screen.findByRole('heading', { name: 'Valid' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /English/ })).toBeInTheDocument();
  });
});
