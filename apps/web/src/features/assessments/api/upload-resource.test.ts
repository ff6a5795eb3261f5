import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { ApiAuth } from '../../../lib/api-client.ts';
import { answer, receivedRequests, server } from '../../../test/msw-server.ts';
import { uploadResource } from './upload-resource.ts';

/** The resource upload (XMLHttpRequest, for its progress) authorizes as the API client does. */

const resource = {
  id: 'r-1',
  name: 'notes.pdf',
  contentType: 'application/pdf',
  size: 3,
  url: '/api/assessments/a-1/resources/r-1',
  createdAt: '2026-03-01T10:00:00.000Z',
};

const authWith = (token: string): ApiAuth => ({
  accessToken: vi.fn(async () => token),
  refreshedToken: vi.fn(async () => null),
  forceLogin: vi.fn(),
  isOnCallbackPath: () => false,
});

const claims = (part: string) =>
  JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;

describe('uploadResource', () => {
  it('sends a token bound to this browser with the DPoP scheme and a proof for the upload', async () => {
    server.use(answer('post', '/assessments/a-1/resources', resource));
    const bound = `e30.${btoa(JSON.stringify({ sub: 'u-1', cnf: { jkt: 'thumb' } })).replace(/=+$/, '')}.c2ln`;
    const file = new File(['abc'], 'notes.pdf', { type: 'application/pdf' });
    expect(await uploadResource('a-1', file, () => undefined, { auth: authWith(bound) })).toEqual(resource);
    const [request] = receivedRequests('POST', '/assessments/a-1/resources');
    expect(request!.headers.get('authorization')).toBe(`DPoP ${bound}`);
    const proof = request!.headers.get('dpop')!.split('.');
    expect(claims(proof[0]!)).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(claims(proof[1]!)).toMatchObject({
      htm: 'POST',
      htu: `${window.location.origin}/api/assessments/a-1/resources`,
    });
  });

  it('sends any other token as Bearer', async () => {
    server.use(answer('post', '/assessments/a-1/resources', resource));
    const file = new File(['abc'], 'notes.pdf', { type: 'application/pdf' });
    await uploadResource('a-1', file, () => undefined, { auth: authWith('plain-token') });
    const [request] = receivedRequests('POST', '/assessments/a-1/resources');
    expect(request!.headers.get('authorization')).toBe('Bearer plain-token');
    expect(request!.headers.get('dpop')).toBeNull();
  });
});
