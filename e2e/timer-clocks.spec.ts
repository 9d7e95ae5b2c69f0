import { type Page } from '@playwright/test';
import { expect, testOnOwnServer } from './support/server.ts';
import { USERS } from './support/auth.ts';
import { api, countdownSeconds, decode, openTest } from './support/test-engine.ts';

// The countdown shows the server's time whatever the device's clock says (ADR 0010, ADR 0231).

// A server of this file's own (so a worker of its own): these tests start the demo candidate's
// 'Mandatory Answers' and 'General Knowledge' tests, which other files expect to find not started.
const test = testOnOwnServer();

/**
 * The server's seconds left for the attempt, the page's countdown read just before and after, and
 * the whole seconds the three reads took (on a loaded machine the call alone can take more than
 * one: the countdown goes on meanwhile, so the clocks may differ by that much more).
 */
async function bothClocks(page: Page, id: number) {
  const t0 = Date.now();
  const before = await countdownSeconds(page);
  const saved = decode((await api(page, '/api/test/answeredQts', { id })).body.result);
  const after = await countdownSeconds(page);
  const took = Math.ceil((Date.now() - t0) / 1000);
  return { before, after, took, server: saved.time_remaining as number, status: saved.status as string };
}

test('a device clock 3 hours ahead in another time zone, and a slow download of the questions: the countdown shows the server time', async ({
  page,
  context,
}) => {
  // Date (not performance.now()) runs 3 hours ahead in the page, from before its first script
  await context.addInitScript({
    content: `{
      const RealDate = Date;
      const ahead = 3 * 3600000;
      class AheadDate extends RealDate {
        constructor(...args) { super(...(args.length ? args : [RealDate.now() + ahead])); }
        static now() { return RealDate.now() + ahead; }
      }
      globalThis.Date = AheadDate;
    }`,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Pacific/Kiritimati' });
  const id = await openTest(page, USERS.candidate, 'Mandatory Answers, No Going Back');
  // the questions come after startExam (ADR 0198); on a slow link that takes seconds
  await page.route('**/api/test/userTest', async (r) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await r.continue();
  });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: /^Q\.1 of \d+$/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status', { name: 'All answers saved' })).toBeVisible({ timeout: 15_000 });
  const c = await bothClocks(page, id);
  // shown rounds up, the server rounds down: one second apart at most (plus the reads' own time),
  // never more time than the server's
  expect(c.before - c.server).toBeLessThanOrEqual(1 + c.took);
  expect(c.server - c.after).toBeLessThanOrEqual(1 + c.took);
  expect(c.took).toBeLessThan(10);
});

test("a page clock that runs 15 minutes ahead reaches zero: the server's clock decides and the test goes on", async ({
  page,
}) => {
  await page.clock.install();
  const id = await openTest(page, USERS.candidate, 'General Knowledge (English / हिन्दी)', /English/);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: /^Q\.1 of \d+$/ })).toBeVisible();
  await expect(page.getByRole('status', { name: 'All answers saved' })).toBeVisible({ timeout: 15_000 });
  const total = await countdownSeconds(page);
  // the page's clocks (wall and monotonic) jump past the countdown's zero; the server's do not
  await page.clock.fastForward((total + 5) * 1000);
  await page.waitForTimeout(3000);
  await expect(page.getByRole('dialog', { name: "Time's up!" })).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Q\.1 of \d+$/ })).toBeVisible();
  const c = await bothClocks(page, id);
  expect(c.status).toBe('001');
  expect(c.server).toBeGreaterThan(total - 30);
  expect(Math.abs(c.before - c.server)).toBeLessThanOrEqual(1 + c.took);
  expect(c.took).toBeLessThan(10);
  // and the candidate can still answer
  await page.getByRole('radio').first().check();
  await expect(page.getByRole('status', { name: 'All answers saved' })).toBeVisible({ timeout: 15_000 });
});
