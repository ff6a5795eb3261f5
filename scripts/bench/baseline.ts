import Fastify from 'fastify';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import pg from 'pg';
import { DEFAULT_DB_POOL_SIZE } from '../../apps/api/src/config.ts';

/**
 * The bench's yardstick: the least a server can do for an autosave. A bare Fastify route that
 * verifies the same access token (same keys, issuer and audience) and upserts the same answer row
 * with `pg`, on the same database and pool size as vbuilder. vbuilder's figures are read as
 * ratios to this one, measured in the same run on the same machine.
 *
 * Run by scripts/bench.ts as a child process: PORT, DATABASE_URL, BENCH_VERIFY (JSON: jwks,
 * issuer, audience), DB_POOL_SIZE.
 */

const verifySettings = JSON.parse(process.env.BENCH_VERIFY ?? '{}') as {
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
};
const jwks = createLocalJWKSet(verifySettings.jwks);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  // vbuilder's own default unless DB_POOL_SIZE sets both: the same pool on both sides.
  max: Number(process.env.DB_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE),
});

const app = Fastify({ logger: false });

app.put<{
  Params: { id: string; questionId: string };
  Body: { answer: unknown; revision: number; idempotencyKey: string; flagged?: boolean };
}>('/api/attempts/:id/answers/:questionId', async (req, reply) => {
  const header = req.headers.authorization ?? '';
  let subject: string;
  try {
    const { payload } = await jwtVerify(header.slice(7), jwks, {
      issuer: verifySettings.issuer,
      audience: verifySettings.audience,
    });
    subject = String(payload.sub);
  } catch {
    return reply.code(401).send({ code: 'unauthorized' });
  }
  const { answer, revision, idempotencyKey, flagged } = req.body;
  const { rows } = await pool.query<{ revision: number; saved_at: Date }>(
    `INSERT INTO attempt_answers (attempt_id, question_id, answer, revision, idempotency_key, flagged, saved_at)
     SELECT $1, $2, $3, $4, $5, $6, now() FROM attempts WHERE id = $1 AND student_id = $7
     ON CONFLICT (attempt_id, question_id) DO UPDATE
       SET answer = excluded.answer, revision = excluded.revision,
           idempotency_key = excluded.idempotency_key, flagged = excluded.flagged, saved_at = excluded.saved_at
       WHERE attempt_answers.revision < excluded.revision
     RETURNING revision, saved_at`,
    [
      req.params.id,
      req.params.questionId,
      JSON.stringify(answer),
      revision,
      idempotencyKey,
      flagged ?? false,
      subject,
    ],
  );
  const row = rows[0];
  return {
    questionId: req.params.questionId,
    revision: row?.revision ?? revision,
    savedAt: (row?.saved_at ?? new Date()).toISOString(),
    stale: !row,
  };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
