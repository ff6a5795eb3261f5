import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { settled } from './fixtures.ts';

/** Where screenshots go. Unset (the default, and in CI), specs take none and write nothing. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR || undefined;
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Saves `<name>.png` of a page (full page unless `fullPage: false`) or of one element, only when
 * E2E_SHOTS_DIR is set. A `viewport` is applied either way, so a spec runs the same steps at the
 * same size with or without screenshots.
 */
export async function shoot(
  target: Page | Locator,
  name: string,
  options: { viewport?: { width: number; height: number }; fullPage?: boolean } = {},
): Promise<void> {
  const page = 'page' in target ? target.page() : target;
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = `${SHOTS_DIR}/${name}.png`;
  if ('page' in target) {
    await target.screenshot({ path });
    return;
  }
  // Let the layout settle after a resize (and animations finish) before the picture.
  await settled(page);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
}

/** A screen at desktop width and at phone width (only with E2E_SHOTS_DIR), leaving the page at desktop width. */
export async function shootBoth(page: Page, name: string): Promise<void> {
  await shoot(page, `${name}-desktop`, { viewport: DESKTOP });
  await shoot(page, `${name}-mobile`, { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
}
