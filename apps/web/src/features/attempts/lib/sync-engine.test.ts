import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAnswerStore, type AnswerStore, type LocalAnswer } from './local-answer.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './sync-engine.ts';
import { createFakeConnectivity, createFakeServer, createTabPair } from './sync-test-doubles.ts';

const ATTEMPT = 'attempt-1';

let keyCount = 0;
const newKey = () => `key-${++keyCount}`;

function setup(overrides: Partial<SyncEngineOptions> = {}, server = createFakeServer()) {
  const store = overrides.store ?? createMemoryAnswerStore();
  const network = createFakeConnectivity(true);
  const engine = createSyncEngine({
    attemptId: ATTEMPT,
    store,
    transport: server.transport,
    connectivity: network.connectivity,
    debounceMs: 1000,
    retryInitialMs: 1000,
    retryMaxMs: 8000,
    newKey,
    random: () => 0.5,
    ...overrides,
  });
  return { engine, store, server, network };
}

const stored = async (store: AnswerStore, questionId: string) =>
  (await store.list(ATTEMPT)).find((entry) => entry.questionId === questionId);

const local = (questionId: string, patch: Partial<LocalAnswer>): LocalAnswer => ({
  attemptId: ATTEMPT,
  questionId,
  answer: null,
  flagged: false,
  revision: 1,
  idempotencyKey: `stored-${questionId}`,
  savedRevision: 0,
  changedAt: 0,
  ...patch,
});

beforeEach(() => {
  vi.useFakeTimers();
  keyCount = 0;
});

let engines: SyncEngine[] = [];
afterEach(() => {
  for (const engine of engines) engine.dispose();
  engines = [];
  vi.useRealTimers();
});

async function started(overrides: Partial<SyncEngineOptions> = {}, server = createFakeServer()) {
  const context = setup(overrides, server);
  engines.push(context.engine);
  await context.engine.start({});
  return context;
}

describe('saving a change', () => {
  it('keeps it on the device at once and sends it after the pause, saved only on the ack', async () => {
    const { engine, store, server } = await started();
    engine.change('q1', { answer: { selected: ['a'] } });

    expect(engine.getSnapshot().status).toBe('saving');
    await vi.advanceTimersByTimeAsync(0);
    expect(await stored(store, 'q1')).toMatchObject({
      revision: 1,
      savedRevision: 0,
      idempotencyKey: 'key-1',
    });
    expect(server.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toEqual([
      {
        questionId: 'q1',
        body: { answer: { selected: ['a'] }, revision: 1, idempotencyKey: 'key-1', flagged: false },
      },
    ]);
    expect(engine.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
    expect(await stored(store, 'q1')).toMatchObject({ revision: 1, savedRevision: 1 });
  });

  it('sends one save for quick typing: the newest revision, each revision with its own key', async () => {
    const { engine, store, server } = await started();
    engine.change('q1', { answer: { text: 'H' } });
    await vi.advanceTimersByTimeAsync(400);
    engine.change('q1', { answer: { text: 'He' } });
    await vi.advanceTimersByTimeAsync(400);
    engine.change('q1', { answer: { text: 'Hey' } });
    expect(engine.getSnapshot().answers.q1).toMatchObject({ revision: 3, idempotencyKey: 'key-3' });

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls.map((call) => call.body)).toEqual([
      { answer: { text: 'Hey' }, revision: 3, idempotencyKey: 'key-3', flagged: false },
    ]);
    expect(await stored(store, 'q1')).toMatchObject({ revision: 3, savedRevision: 3 });
  });

  it('sends a flag at once, keeping the answer', async () => {
    const { engine, server } = await started();
    engine.change('q1', { answer: 'true' });
    engine.change('q1', { flagged: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((call) => call.body)).toEqual([
      { answer: 'true', revision: 2, idempotencyKey: 'key-2', flagged: true },
    ]);
  });

  it('sends a change made while the previous save is on its way right after it', async () => {
    const server = createFakeServer();
    const waiting: (() => void)[] = [];
    const slowSave = server.transport.save;
    server.transport.save = (questionId, body) =>
      new Promise((resolve) => {
        waiting.push(() => resolve(slowSave(questionId, body)));
      });
    const { engine } = await started({}, server);

    engine.change('q1', { answer: 'first' });
    await vi.advanceTimersByTimeAsync(1000);
    engine.change('q1', { answer: 'second' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(waiting).toHaveLength(1);
    waiting.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting).toHaveLength(1);
    waiting.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.getSnapshot()).toMatchObject({ status: 'saved' });
    expect(server.answers.get('q1')).toMatchObject({ answer: 'second', revision: 2 });
  });
});

describe('failures and the network', () => {
  it('retries a failed save with backoff and the same key, and says it is retrying', async () => {
    const { engine, server } = await started();
    server.setMode('error');
    engine.change('q1', { answer: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.getSnapshot().status).toBe('retrying');

    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    await vi.advanceTimersByTimeAsync(8000);
    await vi.advanceTimersByTimeAsync(8000);
    // Doubling stops at the maximum.
    expect(server.calls).toHaveLength(6);
    expect(new Set(server.calls.map((call) => call.body.idempotencyKey))).toEqual(new Set(['key-1']));

    server.setMode('ok');
    await vi.advanceTimersByTimeAsync(8000);
    expect(engine.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
  });

  it('spreads retries around the backoff delay', async () => {
    const { engine, server } = await started({ random: () => 0 });
    server.setMode('error');
    engine.change('q1', { answer: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(800);
    expect(server.calls).toHaveLength(2);
  });

  it('shows offline when requests fail for lack of a network, and keeps retrying', async () => {
    const { engine, server } = await started();
    server.setMode('network');
    engine.change('q1', { answer: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.getSnapshot()).toMatchObject({ status: 'offline', pendingCount: 1 });

    server.setMode('ok');
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
  });

  it('sends nothing while the browser is offline and everything as soon as it is back', async () => {
    const { engine, server, network, store } = await started();
    network.set(false);
    engine.change('q1', { answer: 'a' });
    engine.change('q2', { answer: 'b' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(0);
    expect(engine.getSnapshot()).toMatchObject({ status: 'offline', pendingCount: 2 });
    expect((await store.list(ATTEMPT)).map((entry) => entry.answer).sort()).toEqual(['a', 'b']);

    network.set(true);
    expect(engine.getSnapshot().status).toBe('saving');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((call) => call.questionId).sort()).toEqual(['q1', 'q2']);
    expect(engine.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
  });

  it('stops when the attempt is closed, and a flush says so', async () => {
    const { engine, server } = await started();
    server.setMode('closed');
    engine.change('q1', { answer: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.getSnapshot().closed).toBe('attempt_submitted');
    await expect(engine.flush()).rejects.toMatchObject({ reason: 'attempt_submitted' });
    engine.change('q1', { answer: 'y' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
  });
});

describe('stale acks', () => {
  it('lets the newer server answer win and shows it', async () => {
    const onExternalChange = vi.fn();
    const server = createFakeServer();
    const { engine, store } = await started({ onExternalChange }, server);
    server.saveElsewhere('q1', 'from the other device', 5);

    engine.change('q1', { answer: 'mine' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.fetchCount()).toBe(1);
    expect(engine.getSnapshot().answers.q1).toMatchObject({
      answer: 'from the other device',
      revision: 5,
      savedRevision: 5,
    });
    expect(engine.getSnapshot().status).toBe('saved');
    expect(onExternalChange).toHaveBeenCalledWith('q1');
    expect(await stored(store, 'q1')).toMatchObject({ answer: 'from the other device', revision: 5 });

    // The next change goes above the server's revision.
    engine.change('q1', { answer: 'mine again' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.answers.get('q1')).toMatchObject({ answer: 'mine again', revision: 6 });
  });
});

describe('flush', () => {
  it('sends at once and resolves when the server has every answer', async () => {
    const { engine, server } = await started();
    engine.change('q1', { answer: 'a' });
    const flushed = vi.fn();
    void engine.flush().then(flushed);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    expect(flushed).toHaveBeenCalled();
  });

  it('waits while offline and resolves once back online', async () => {
    const { engine, network } = await started();
    network.set(false);
    engine.change('q1', { answer: 'a' });
    const flushed = vi.fn();
    void engine.flush().then(flushed);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(flushed).not.toHaveBeenCalled();
    network.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toHaveBeenCalled();
  });
});

describe('merging on load', () => {
  it('keeps queued answers with higher revisions and sends them again, with their keys', async () => {
    const store = createMemoryAnswerStore();
    await store.put(local('q1', { answer: 'queued', revision: 4, idempotencyKey: 'k4' }));
    await store.put(local('q2', { answer: 'old', revision: 2 }));
    const server = createFakeServer({
      q1: { answer: 'server', flagged: false, revision: 3 },
      q2: { answer: 'newer on server', flagged: true, revision: 3 },
    });
    const { engine } = setup({ store }, server);
    engines.push(engine);
    await engine.start({
      q1: { answer: 'server', flagged: false, revision: 3 },
      q2: { answer: 'newer on server', flagged: true, revision: 3 },
    });

    expect(engine.getSnapshot().answers.q1).toMatchObject({ answer: 'queued', revision: 4 });
    expect(engine.getSnapshot().answers.q2).toMatchObject({
      answer: 'newer on server',
      flagged: true,
      savedRevision: 3,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((call) => call.body)).toEqual([
      { answer: 'queued', revision: 4, idempotencyKey: 'k4', flagged: false },
    ]);
    expect(await stored(store, 'q2')).toMatchObject({ answer: 'newer on server', revision: 3 });
  });

  it('sends again an answer the server acknowledged but no longer has (a restored server)', async () => {
    const store = createMemoryAnswerStore();
    await store.put(local('q1', { answer: 'kept', revision: 2, savedRevision: 2 }));
    const { engine, server } = setup({ store });
    engines.push(engine);
    await engine.start({});
    await vi.advanceTimersByTimeAsync(0);
    expect(server.answers.get('q1')).toMatchObject({ answer: 'kept', revision: 2 });
  });

  it('trusts acknowledgements seen on this device when the server answers are an offline copy', async () => {
    const store = createMemoryAnswerStore();
    await store.put(local('q1', { answer: 'kept', revision: 2, savedRevision: 2 }));
    await store.put(local('q2', { answer: 'queued', revision: 3, savedRevision: 1 }));
    const { engine, server, network } = setup({ store });
    engines.push(engine);
    network.set(false);
    await engine.start(
      { q1: { answer: 'old', flagged: false, revision: 1 } },
      { serverAnswersAreCached: true },
    );
    expect(engine.getSnapshot()).toMatchObject({ status: 'offline', pendingCount: 1 });
    expect(engine.getSnapshot().answers.q1).toMatchObject({ answer: 'kept' });
    network.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((call) => call.questionId)).toEqual(['q2']);
  });

  it('numbers new changes above every revision it has seen', async () => {
    const { engine } = setup();
    engines.push(engine);
    await engine.start({ q9: { answer: 'x', flagged: false, revision: 7 } });
    engine.change('q1', { answer: 'first answer here' });
    expect(engine.getSnapshot().answers.q1?.revision).toBe(8);
  });

  it('carries on in memory when the device storage fails', async () => {
    const onStoreError = vi.fn();
    const broken: AnswerStore = {
      ...createMemoryAnswerStore(),
      list: () => Promise.reject(new Error('no storage')),
      put: () => Promise.reject(new Error('no storage')),
    };
    const { engine, server } = setup({ store: broken, onStoreError });
    engines.push(engine);
    await engine.start({});
    engine.change('q1', { answer: 'a' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onStoreError).toHaveBeenCalled();
    expect(server.answers.get('q1')).toMatchObject({ answer: 'a' });
  });
});

describe('two tabs', () => {
  async function twoTabs() {
    const server = createFakeServer();
    const store = createMemoryAnswerStore();
    const [channelA, channelB] = createTabPair();
    const onExternalChange = vi.fn();
    const a = setup({ store, channel: channelA }, server);
    const b = setup({ store, channel: channelB, onExternalChange }, server);
    engines.push(a.engine, b.engine);
    await a.engine.start({});
    await b.engine.start({});
    return { a: a.engine, b: b.engine, server, store, onExternalChange };
  }

  it('shows a change of one tab in the other, which leaves the sending to the first', async () => {
    const { a, b, server, onExternalChange } = await twoTabs();
    a.change('q1', { answer: 'from A' });
    expect(b.getSnapshot().answers.q1).toMatchObject({ answer: 'from A', revision: 1 });
    expect(onExternalChange).toHaveBeenCalledWith('q1');
    expect(b.getSnapshot().status).toBe('saving');

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(1);
    expect(b.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(1);
  });

  it('sends the change itself when the first tab closed before saving it (same key: saved once)', async () => {
    const { a, b, server } = await twoTabs();
    a.change('q1', { answer: 'from A' });
    a.dispose();
    await vi.advanceTimersByTimeAsync(6000);
    expect(server.calls.map((call) => call.body.idempotencyKey)).toEqual(['key-1']);
    expect(b.getSnapshot().status).toBe('saved');
  });

  it('never lets the older tab overwrite: its next change gets a higher revision', async () => {
    const { a, b, server, store } = await twoTabs();
    a.change('q1', { answer: 'A1' });
    a.change('q1', { answer: 'A2' });
    b.change('q1', { answer: 'B' });
    expect(b.getSnapshot().answers.q1?.revision).toBe(3);
    expect(a.getSnapshot().answers.q1).toMatchObject({ answer: 'B', revision: 3 });
    await vi.advanceTimersByTimeAsync(7000);
    expect(server.answers.get('q1')).toMatchObject({ answer: 'B', revision: 3 });
    expect(await stored(store, 'q1')).toMatchObject({ answer: 'B', revision: 3, savedRevision: 3 });
  });

  it('closes every tab when one submits', async () => {
    const { a, b } = await twoTabs();
    await a.finish();
    expect(b.getSnapshot().closed).toBe('attempt_submitted');
  });
});
