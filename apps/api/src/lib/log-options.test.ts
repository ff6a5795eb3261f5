import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../test/sign-in.ts';
import type { Database } from '../db/client.ts';
import type { FastifyInstance } from 'fastify';
import { formatError, redactUrl, safeLogOptions, serializeError } from './log-options.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

describe('what the logs may hold', () => {
  it('drops the values of a failing statement from its message, stack and causes', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const error = new DrizzleQueryError(
      'update "users" set "password_hash" = $1 where "id" = $2',
      [HASH, 'multi\nline answer'],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(HASH);
    expect(logged).not.toContain('line answer');
    expect(logged).toContain('update \\"users\\" set');
    expect(logged).toContain('22021');
  });

  it('prints an error for the terminal without the values of a failing statement, its cause kept', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['teacher@demo.vbuilder.local', HASH],
      cause,
    );
    const printed = formatError(error);
    expect(printed).not.toContain(HASH);
    expect(printed).not.toContain('teacher@demo.vbuilder.local');
    expect(printed).toContain('params: [redacted]');
    expect(printed).toContain('Caused by: Error: duplicate key value');
    expect(printed).toContain('(code 23505)');
  });

  it('keeps paths and drops the values of secret query parameters', () => {
    expect(
      redactUrl('/oidc/session/end?id_token_hint=eyJhbGc.x.y&post_logout_redirect_uri=http%3A%2F%2Fa'),
    ).toBe('/oidc/session/end?id_token_hint=%5Bredacted%5D&post_logout_redirect_uri=http%3A%2F%2Fa');
    expect(redactUrl('/api/accounts/activate?token=abc123')).not.toContain('abc123');
    expect(redactUrl('/api/users?page=2')).toBe('/api/users?page=2');
  });

  describe('an app logging at debug level', () => {
    const lines: string[] = [];
    let app: FastifyInstance;
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
      const config = loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://localhost:3999',
        SEED_DEMO: 'false',
      });
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      app = await buildApp(config, { database, logger: { level: 'debug', stream, ...safeLogOptions } });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('never writes a token, a password or an answer', async () => {
      const org = await makeOrganization(app);
      const teacher = await signInAs(app, 'Teacher', org.id);
      const token = teacher.headers.authorization.slice('Bearer '.length);
      await app.inject({
        method: 'POST',
        url: '/api/accounts/reset-password?token=reset-secret-123',
        payload: { token: 'reset-secret-456', password: 'Correct Horse Battery Staple 9' },
      });
      await app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: teacher.headers,
        payload: { name: 'bad \u0000 name', answer: 'my secret answer' },
      });
      // What the error handler logs for an unexpected failure of a statement.
      const failed = new DrizzleQueryError(
        'update "users" set "password_hash" = $1',
        [HASH],
        new Error('boom'),
      );
      app.log.error({ err: failed }, 'unexpected error');
      const log = lines.join('');
      expect(log).toContain('set \\"password_hash\\" = $1');
      const secrets = [
        token,
        HASH,
        'reset-secret-123',
        'reset-secret-456',
        'Correct Horse',
        'my secret answer',
      ];
      for (const secret of secrets) expect(log).not.toContain(secret);
      expect(log).toContain('token=%5Bredacted%5D');
    });
  });
});
