import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.SEED_DEMO).toBe(true);
  });

  it('fails naming every bad key', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', SEED_DEMO: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', SEED_DEMO: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SEED_DEMO');
    }
  });

  it('runs the job workers unless JOBS_WORK is false', () => {
    expect(loadConfig({}).JOBS_WORK).toBe(true);
    expect(loadConfig({ JOBS_WORK: 'false' }).JOBS_WORK).toBe(false);
    expect(loadConfig({ JOBS_WORK: '0' }).JOBS_WORK).toBe(false);
    expect(() => loadConfig({ JOBS_WORK: 'sometimes' })).toThrow(/JOBS_WORK/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
  it('reads TRUST_PROXY as off, a hop count or proxy addresses, and refuses "true"', () => {
    const env = { NODE_ENV: 'test' };
    expect(loadConfig(env).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
    ]);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
  it('keeps rate limits in the database unless Redis is chosen, and then needs its URL', () => {
    const env = { NODE_ENV: 'test' };
    expect(loadConfig(env).RATE_LIMIT_STORE).toBe('database');
    expect(() => loadConfig({ ...env, RATE_LIMIT_STORE: 'redis' })).toThrow(/REDIS_URL: required/);
    expect(
      loadConfig({ ...env, RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379/0' }),
    ).toMatchObject({
      RATE_LIMIT_STORE: 'redis',
      REDIS_KEY_PREFIX: 'vbuilder:',
    });
    expect(() => loadConfig({ ...env, REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});
