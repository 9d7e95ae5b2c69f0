import { type Browser } from '@playwright/test';
import { expect, startServer, test } from './support/server.ts';
import { USERS } from './support/auth.ts';
import { shootBoth } from './support/screenshots.ts';
import { ALL_TYPES, api, decode, next, openFromDashboard, openTest, question, saved } from './support/test-engine.ts';

// The longest wait of the e2e run (two real minutes of a timed test), in a file of its own that
// sorts first, so a worker starts it at once while the other worker runs the rest.

/** Offline for 30 s while answering (Ravi, main server): every answer is sent when the link returns, and scored. */
async function offlineScenario(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const id = await openTest(page, USERS.candidate2, ALL_TYPES);
  await page.getByRole('button', { name: 'Start' }).click();
  await question(page, 1);
  await page.getByRole('radio', { name: 'Mars' }).check();
  await saved(page);
  await context.setOffline(true);
  await next(page);
  await page.getByRole('checkbox', { name: '2', exact: true }).check();
  await page.getByRole('checkbox', { name: '5', exact: true }).check();
  await next(page);
  await page.getByRole('group', { name: 'Option(i)' }).getByRole('radio', { name: '100' }).check();
  await page.getByRole('group', { name: 'Option(ii)' }).getByRole('radio', { name: '0', exact: true }).check();
  await next(page);
  await page.getByRole('radio', { name: 'A single tone' }).check();
  await next(page);
  await page.getByPlaceholder('Enter your input here').nth(0).fill('Paris');
  await page.getByPlaceholder('Enter your input here').nth(1).fill('Rome');
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toBeVisible({ timeout: 10_000 });
  await shootBoth(page, 'test-engine-offline');
  await page.waitForTimeout(30_000);
  await context.setOffline(false);
  await saved(page);
  const stored = await api(page, '/api/test/answeredQts', { id });
  const copy = decode(stored.body.result);
  expect(
    copy.answers.filter((a: { answer: { buttonStyle: string } }) => a.answer.buttonStyle === 'Answered'),
  ).toHaveLength(5);
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 6 / 17 (35.29%)');
  await context.close();
}

/** The server is killed mid-test and restarted (Ravi, a server of its own): resume, nothing lost. */
async function killScenario(browser: Browser) {
  let server = await startServer();
  const { port, dataDir } = server;
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  try {
    await openTest(page, USERS.candidate2, ALL_TYPES);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('radio', { name: 'Mars' }).check();
    await saved(page);
    await server.stop('SIGKILL');
    await next(page);
    await page.getByRole('checkbox', { name: '2', exact: true }).check();
    await page.getByRole('checkbox', { name: '5', exact: true }).check();
    await expect(page.getByRole('status', { name: /waiting to be saved|offline/ })).toBeVisible({ timeout: 10_000 });
    server = await startServer({ dataDir, port });
    await saved(page);
    await page.reload();
    await openFromDashboard(page, ALL_TYPES);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: /Question \d+ \/ 8/ }).click();
    const grid = page.getByRole('dialog', { name: 'Question numbers' });
    await expect(grid.getByRole('button', { name: '1: Answered' })).toBeVisible();
    await expect(grid.getByRole('button', { name: '2: Answered' })).toBeVisible();
    await grid.getByRole('button', { name: '2: Answered' }).click();
    await expect(page.getByRole('checkbox', { name: '5', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 2 / 17 (11.76%)');
  } finally {
    await context.close();
    await server.stop();
  }
}

// The time-out needs two real minutes. Meanwhile the other demo candidate (Ravi, whose session is
// independent of Asha's) runs the offline and server-kill scenarios in contexts of their own, so
// the wait is not idle; each keeps every assertion it had as a test of its own.
test('time-out: the one-minute warning, then "Time\'s up!" and the automatic submission (meanwhile: offline 30 s, server killed)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  // The page's clocks are Playwright's (running as the real ones) so the tab can be put to sleep.
  await page.clock.install();
  const id = await openTest(page, USERS.candidate, 'Two-Minute Quick Test');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('radio', { name: '19' }).check();
  const timeOut = async () => {
    const warn = page.getByRole('dialog', { name: 'Hurry up!' });
    await expect(warn).toBeVisible({ timeout: 75_000 });
    await expect(page.getByTestId('countdown')).toHaveText(/00:0[01]:[0-5]\d/);
    await warn.getByRole('button', { name: 'Ok' }).click();
    // The machine sleeps through the deadline: the page's clocks stop, the server's does not.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    const shown = await page.getByTestId('countdown').innerText();
    await expect
      .poll(async () => (await api(page, `/api/result/status/${id}`)).body.examStatus, { timeout: 110_000 })
      .toBe('011');
    await expect(page.getByTestId('countdown')).toHaveText(shown);
    // It wakes: the wall clock jumped, the monotonic one did not. The server's clock decides at once.
    await page.clock.setSystemTime(Date.now());
    await page.clock.resume();
    const timeUp = page.getByRole('dialog', { name: "Time's up!" });
    await expect(timeUp).toBeVisible({ timeout: 10_000 });
    await expect(timeUp).toContainText('submitted automatically');
    await expect(timeUp.getByRole('heading', { name: 'System Warning' })).toBeVisible();
    await expect(timeUp.getByRole('button', { name: 'Ok' })).toBeEnabled({ timeout: 15_000 });
    await shootBoth(page, 'test-engine-time-up');
    await timeUp.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByTestId('score-block')).toContainText('1', { timeout: 15_000 });
  };
  const meanwhile = async () => {
    await test.step('offline for 30 s while answering: every answer is sent when the link returns, and scored', () =>
      offlineScenario(browser, baseURL!));
    await test.step('the server is killed mid-test and restarted: resume, nothing lost', () => killScenario(browser));
  };
  await Promise.all([test.step('time-out', timeOut), meanwhile()]);
});
