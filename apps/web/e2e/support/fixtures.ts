import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E } from './env.ts';

export interface SeededAccount {
  role: string;
  name: string;
  email: string;
  password: string;
  id: string;
}

export interface SeededDemo {
  organizationId: string;
  organizationName: string;
  accounts: SeededAccount[];
  /** A Teacher whose temporary password must be changed at first sign-in. */
  forced: SeededAccount;
  /** A second organization, on the Free package (no payment record), with one Teacher. */
  free: { organizationId: string; organizationName: string; teacher: SeededAccount };
}

export const demo = (): SeededDemo => JSON.parse(readFileSync(E2E.accountsFile, 'utf8')) as SeededDemo;
export const account = (role: string): SeededAccount => {
  const found = demo().accounts.find((a) => a.role === role);
  if (!found) throw new Error(`No seeded ${role}`);
  return found;
};

/** The Teacher of 'Free Academy', an organization on the Free package (5 assessments a month). */
export const freeTeacher = (): SeededAccount => demo().free.teacher;

/** Signs in through the real identity provider, from the login screen to /account/home. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/account\//);
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page) {
  // Check the screen as it settles, not mid-transition: a dialog fading in has half-transparent
  // buttons whose contrast axe would measure (CSS transitions are in document.getAnimations()).
  // Endless ones (spinners) are left alone.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')})`,
    ),
  ).toEqual([]);
}

/** The signed-in page's access token, from oidc-client-ts's storage (for API calls a journey makes itself). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i)!;
        if (key.startsWith('vbuilder.oidc.user:'))
          return (JSON.parse(store.getItem(key)!) as { access_token: string }).access_token;
      }
    }
    return null;
  });
  if (!token) {
    const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
    throw new Error(`No access token in the browser (storage keys: ${keys.join(', ')})`);
  }
  return token;
}
