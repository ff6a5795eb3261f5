import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PaginationProps } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  CODE_LANGUAGES,
  ERROR_CODES,
  GENERATION_TYPES,
  NOTIFICATION_KINDS,
  PACKAGE_NAMES,
  PASSWORD_SUGGESTIONS,
  PASSWORD_WARNINGS,
  QUESTION_EXAMPLES,
  USER_STATUSES,
} from '@vbuilder/shared';
import type { RecorderError } from '../components/questions/families/open/use-media-recorder.ts';
import { SECTION_IDS } from '../components/layout/navigation.ts';
import type { StudentActionKind } from '../features/assessments/lib/student-actions.ts';
import type { ClosedReason } from '../features/attempts/lib/sync-engine.ts';

/*
 * Keys that code builds at run time (`t(\`errors:${code}\`)`, `t(\`status.${status}\`)`, schema
 * messages) cannot be followed by the key lint (i18next.config.ts keeps them as preservePatterns).
 * Here each such family is compared with the list its values come from, both ways: a value
 * without text shows a raw key, and text without a value is dead weight in 12 languages.
 */

type Catalog = { [key: string]: string | Catalog };
const dir = path.dirname(new URL(import.meta.url).pathname);
const english = (ns: string): Catalog =>
  JSON.parse(readFileSync(path.join(dir, 'en', `${ns}.json`), 'utf8')) as Catalog;

/** The keys directly under a dotted path of an English namespace. */
const keysAt = (ns: string, at = ''): string[] => {
  const node = (at ? at.split('.') : []).reduce<Catalog | string | undefined>(
    (current, part) => (typeof current === 'object' ? current[part] : undefined),
    english(ns),
  );
  expect(node, `${ns}:${at} is missing`).toBeTypeOf('object');
  return Object.keys(node as Catalog).sort();
};
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/**
 * Both ways: values without text (they would show as raw keys), and text no value reaches (dead
 * keys). `alsoStatic` names keys of the same group that code uses by their plain name.
 */
const expectFamily = (ns: string, at: string, values: Iterable<string>, alsoStatic: string[] = []) => {
  const keys = keysAt(ns, at);
  const expected = sorted([...values, ...alsoStatic]);
  expect(
    {
      withoutText: expected.filter((value) => !keys.includes(value)),
      unused: keys.filter((key) => !expected.includes(key)),
    },
    `${ns}:${at}`,
  ).toEqual({ withoutText: [], unused: [] });
};

// Every member of a type-only union, checked by the compiler: a Record needs each key exactly once.
const CLOSED_REASONS: Record<ClosedReason, true> = { attempt_submitted: true, attempt_closed: true, not_found: true };
const RECORDER_ERRORS: Record<RecorderError, true> = {
  permissionDenied: true,
  noDevice: true,
  deviceBusy: true,
  unsupported: true,
  failed: true,
};
const STUDENT_ACTIONS: Record<StudentActionKind, true> = { take: true, continue: true, results: true, retake: true };
type PagerControl = Parameters<NonNullable<PaginationProps['getControlProps']>>[0];
const PAGER_CONTROLS: Record<PagerControl, true> = { first: true, previous: true, next: true, last: true };

const repo = path.resolve(dir, '../../../..');
/** Non-test sources of the web app, the shared package and the API (whose messages the web shows). */
const sources = ['apps/web/src', 'packages/shared/src', 'apps/api/src'].flatMap((root) =>
  (readdirSync(path.join(repo, root), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({
      file: `${root}/${file}`,
      // Comments quote made-up keys ('questions.errors.x') as examples.
      text: readFileSync(path.join(repo, root, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, ''),
    })),
);

/** Names of string literals 'prefix.name' in the sources (of the files under `within`, when given). */
const literalsUnder = (prefix: string, within = ''): string[] => {
  const literal = new RegExp(`['"\`]${prefix}\\.([A-Za-z]+)['"\`]`, 'g');
  return sorted(
    sources
      .filter(({ file }) => file.startsWith(within))
      .flatMap(({ text }) => [...text.matchAll(literal)].map((match) => match[1]!)),
  );
};

describe('keys built at run time match their lists', () => {
  it('errors: every API error code, plus the client-side ones', () => {
    // network_error: the API could not be reached; title: the heading of an error card.
    expectFamily('errors', '', ERROR_CODES, ['network_error', 'title']);
  });

  it('schema and form messages: exactly the ones some code names', () => {
    // The password estimator's feedback (packages/shared/src/password-policy.ts), one text per key.
    expectFamily('validation', 'validation', literalsUnder('validation'), ['passwordSuggestions', 'passwordWarnings']);
    expectFamily('validation', 'validation.passwordWarnings', PASSWORD_WARNINGS);
    expectFamily('validation', 'validation.passwordSuggestions', PASSWORD_SUGGESTIONS);
    expectFamily('questions', 'errors', literalsUnder('questions[.:]errors'));
    expectFamily('assessments', 'errors', literalsUnder('assessments[.:]errors'));
    expectFamily('assessments', 'ai', literalsUnder('assessments[.:]ai'));
    expectFamily('questionBank', 'errors', literalsUnder('questionBank[.:]errors'));
    expectFamily('assessmentEditor', 'errors', literalsUnder('assessmentEditor[.:]errors'), ['yourPlan']);
    // The marking form names its messages inside the namespace ('errors.scoreRange').
    expectFamily('submissions', 'errors', [
      ...literalsUnder('submissions[.:]errors'),
      ...literalsUnder('errors', 'apps/web/src/features/submissions'),
    ]);
    expectFamily('markingQueue', 'errors', literalsUnder('markingQueue[.:]errors'));
  });

  it('notifications: one label, title and sentence per kind', () => {
    expectFamily('notifications', 'kinds', NOTIFICATION_KINDS);
    for (const kind of NOTIFICATION_KINDS) expectFamily('notifications', `kinds.${kind}`, ['label', 'text', 'title']);
  });

  it('roles, user and administrator statuses, plans', () => {
    const roles = ['administrator', 'student', 'superAdministrator', 'teacher'];
    // One set of role names (components/layout/role-label.ts), 'guest' for no role.
    expectFamily('common', 'roles', roles, ['guest']);
    expectFamily('users', 'status', USER_STATUSES);
    expectFamily('profile', 'account.statuses', USER_STATUSES);
    expectFamily('organizations', 'details.statuses', USER_STATUSES);
    // The API's login states (the profile's `loggin_status`).
    expectFamily('profile', 'account.loginStatuses', ['logged_in', 'logged_out']);
    expectFamily('assessments', 'packages', PACKAGE_NAMES);
  });

  it('screens: navigation, pager, student actions, closed attempts, wizard', () => {
    // The 'organization' section reads "Organizations" on the platform, "My Organization" elsewhere.
    const sections = SECTION_IDS.filter((id) => id !== 'organization');
    expectFamily('common', 'nav.sections', [...sections, 'organizations', 'myOrganization']);
    expectFamily('common', 'nav.links', ['questionExamples', 'subscription', 'questionBank', 'markingQueue']);
    expectFamily('common', 'dataTable.controls', Object.keys(PAGER_CONTROLS));
    expectFamily('assessments', 'studentActions', Object.keys(STUDENT_ACTIONS), [
      'closed',
      'labelled',
      'none',
      'opensOn',
    ]);
    expectFamily('attempts', 'attempt.closed', Object.keys(CLOSED_REASONS));
    expect(keysAt('attempts', 'upload')).toContain('failed');
    expectFamily('accounts', 'password.strength', ['veryWeak', 'weak', 'fair', 'good', 'strong']);
    for (const screen of ['forgot', 'signUp']) {
      expect(keysAt('accounts', screen)).toEqual(expect.arrayContaining(['sent_one', 'sent_other']));
    }
    const generation = keysAt('assessmentEditor', 'wizard.generation').filter((key) => key.endsWith('Description'));
    expect(generation).toEqual(sorted(GENERATION_TYPES.map((type) => `${type}Description`)));
  });

  it('question editors and players', () => {
    expect(keysAt('questions', 'editors.crossword')).toEqual(expect.arrayContaining(['across', 'down']));
    expect(keysAt('questions', 'editors.trueFalse')).toEqual(expect.arrayContaining(['false', 'true']));
    expectFamily('questions', 'openPlayer.code.languages', CODE_LANGUAGES);
    for (const kind of ['audio', 'video']) {
      const parts = ['errors', 'hint', 'label', 'playback', 'record', 'requesting', 'upload'];
      expectFamily('questions', `openPlayer.media.${kind}`, parts, kind === 'video' ? ['livePreview'] : []);
      expectFamily('questions', `openPlayer.media.${kind}.errors`, Object.keys(RECORDER_ERRORS), ['wrongType']);
    }
    // The examples page names each field of an example's options object.
    const fields = Object.values(QUESTION_EXAMPLES).flatMap(({ options }) =>
      options && typeof options === 'object' && !Array.isArray(options) ? Object.keys(options) : [],
    );
    expectFamily('questions', 'examples.fields', fields);
  });
});
