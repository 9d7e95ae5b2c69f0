import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const dir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Saves the page at 1280 and 375 px wide as e2e/screenshots/<name>-<width>.png. Under a
 * full-screen dialog (the test, the timeline on a phone) the page cannot be scrolled and only the
 * dialog is seen, so the shot is the viewport, not the page's whole height behind it.
 */
export async function shootBoth(page: Page, name: string, prepare?: () => Promise<void>) {
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    if (prepare) await prepare();
    await page.waitForTimeout(300);
    const fullScreenDialog = await page.locator('.MuiDialog-paperFullScreen').first().isVisible();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: !fullScreenDialog });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
