import { expect, test, type Browser, type Page } from '@playwright/test';
import { USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { shootBoth } from './support/screenshots.ts';
import { countdownSeconds, dismissNotice, next, openFromDashboard, openTest, token } from './support/test-engine.ts';

const ALL_TYPES = 'All Question Types Demo';
const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));

async function api(page: Page, url: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await token(page)}` };
  const res =
    data === undefined ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  return { status: res.status(), body: await res.json() };
}

const question = (page: Page, n: number) =>
  expect(page.getByRole('heading', { name: new RegExp(`^Q\\.${n} of \\d+$`) })).toBeVisible();
const saved = (page: Page) =>
  expect(page.getByRole('status', { name: 'All answers saved' })).toBeVisible({ timeout: 15_000 });

async function answerFirstFive(page: Page) {
  await question(page, 1);
  await page.getByRole('radio', { name: 'Mars' }).check();
  await next(page);
  await question(page, 2);
  await page.getByRole('checkbox', { name: '2', exact: true }).check();
  await page.getByRole('checkbox', { name: '5', exact: true }).check();
  await next(page);
  await question(page, 3);
  await page.getByRole('group', { name: 'Option(i)' }).getByRole('radio', { name: '100' }).check();
  await page.getByRole('group', { name: 'Option(ii)' }).getByRole('radio', { name: '0', exact: true }).check();
  await next(page);
  await question(page, 4);
  await page.getByRole('radio', { name: 'A single tone' }).check();
  await next(page);
  await question(page, 5);
  const boxes = page.getByPlaceholder('Enter your input here');
  await boxes.nth(0).fill('Paris');
  await boxes.nth(1).fill('Rome');
}

/** Keyboard reordering of Column B (dnd-kit: Space, arrows, Space) into the capitals' order. */
async function matchCapitals(page: Page) {
  const want = ['New Delhi', 'Tokyo', 'Nairobi', 'Lima'];
  const columnB = page.getByLabel('Column B', { exact: true });
  for (let target = 0; target < want.length; target++) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const texts = (await columnB.getByRole('button').allInnerTexts()).map((x) => x.trim());
      const from = texts.indexOf(want[target]!);
      if (from === target) break;
      await columnB.getByRole('button', { name: want[target] }).focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
      for (let i = 0; i < from - target; i++) {
        await page.keyboard.press('ArrowUp');
        await page.waitForTimeout(250);
      }
      await page.keyboard.press('Space');
      await page.waitForTimeout(400);
    }
  }
  await expect.poll(async () => (await columnB.getByRole('button').allInnerTexts()).map((x) => x.trim())).toEqual(want);
}

test('take the all-types test: every view, reload keeps answers and time, submit and score', async ({ page }) => {
  test.setTimeout(180_000);
  page.on('dialog', (d) => void d.accept());
  await openTest(page, USERS.candidate, ALL_TYPES);
  await expect(page.getByRole('heading', { name: 'Important Information' })).toBeVisible();
  await shootBoth(page, 'test-engine-instructions');
  await page.getByRole('button', { name: 'Start' }).click();
  await shootBoth(page, 'test-engine-q1-single-choice');
  await answerFirstFive(page);
  await saved(page);

  // Reload mid-test: the dashboard resumes it; every answer is there and the time went on.
  const before = await countdownSeconds(page);
  const at = Date.now();
  await page.reload();
  await openFromDashboard(page, ALL_TYPES);
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  const elapsed = Math.round((Date.now() - at) / 1000);
  const after = await countdownSeconds(page);
  expect(after).toBeLessThanOrEqual(before - elapsed + 2);
  expect(after).toBeGreaterThanOrEqual(before - elapsed - 4);
  await page.getByRole('button', { name: /Question \d+ \/ 8/ }).click();
  const grid = page.getByRole('dialog', { name: 'Question numbers' });
  for (let n = 1; n <= 5; n++) await expect(grid.getByRole('button', { name: `${n}: Answered` })).toBeVisible();
  await grid.getByRole('button', { name: '1: Answered' }).click();
  await expect(page.getByRole('radio', { name: 'Mars' })).toBeChecked();
  for (let n = 2; n <= 5; n++) {
    await next(page);
    await question(page, n);
    await shootBoth(page, `test-engine-q${n}`);
  }
  await expect(page.getByPlaceholder('Enter your input here').nth(1)).toHaveValue('Rome');

  await next(page);
  await question(page, 6);
  const editor = page.getByRole('textbox', { name: 'Your answer' });
  await editor.click();
  await page.keyboard.type('I built a tool that saved our team a day each week.');
  await page.locator('[data-testid="answer-file-input"]').setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% a small plan\n'),
  });
  await expect(page.getByText('Uploaded: plan.pdf')).toBeVisible();
  await shootBoth(page, 'test-engine-q6-descriptive');

  await next(page);
  await question(page, 7);
  await page
    .getByRole('textbox', { name: 'Start typing the text shown above' })
    .pressSequentially('The quick brown fox ', { delay: 20 });
  await expect(page.getByText('Correct', { exact: true }).locator('..')).toContainText('4');
  await shootBoth(page, 'test-engine-q7-typing');

  await next(page);
  await dismissNotice(page);
  await question(page, 8);
  await matchCapitals(page);
  await shootBoth(page, 'test-engine-q8-matching');
  await saved(page);

  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  // 1 + 1 + 2 + 1 + 1 + 0 (descriptive, marked by a person) + 2*4/18 (typing) + 4 (matching) = 10.44 of 17.
  const done = page.getByRole('dialog', { name: 'Finish Test' });
  await expect(done).toContainText('Your test has been submitted successfully.');
  await expect(done).toContainText('Your score: 10.44 / 17 (61.41%)');
  await done.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByTestId('score-block')).toContainText('10.44');
  await shootBoth(page, 'test-engine-thank-you');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
});

test('window switches: warning, last warning, then termination with status 111', async ({ page }) => {
  const id = await openTest(page, USERS.candidate, 'Proctored Test (Window Switch Limit 2)');
  await page.getByRole('button', { name: 'Start' }).click();
  await question(page, 1);
  const blur = () => page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await blur();
  await expect(page.getByRole('dialog', { name: 'WARNING !!!' })).toBeVisible();
  await shootBoth(page, 'test-engine-window-warning');
  await page.getByRole('dialog', { name: 'WARNING !!!' }).getByRole('button', { name: 'Ok' }).click();
  await blur();
  await page.getByRole('dialog', { name: 'LAST WARNING !!!' }).getByRole('button', { name: 'Ok' }).click();
  await blur();
  const violation = page.getByRole('dialog', { name: 'Violation of Rule !!!' });
  await expect(violation).toContainText('terminated');
  await expect(violation.getByRole('button', { name: 'Close' })).toBeEnabled();
  const res = await api(page, '/api/test/userTest', { examId: id });
  expect(res.status).toBe(409);
  expect(res.body.examStatus).toBe('111');
  await violation.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
});

test('survey wording, two languages with the missing-translation marker, and axe on the shell', async ({ page }) => {
  await openTest(page, USERS.candidate, 'Workplace Wellbeing Survey');
  await expect(page.getByRole('heading', { name: 'Survey Instructions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Important Information' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: 'Statement 1 / 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Survey Instructions' })).toBeVisible();
  await shootBoth(page, 'test-engine-survey');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: 'Agree', exact: true }).check();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Survey' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Finish Survey' })).toContainText(
    'Your survey has been submitted successfully.',
  );
  await page.getByRole('dialog', { name: 'Finish Survey' }).getByRole('button', { name: 'Ok' }).click();
  await page.getByRole('button', { name: 'Close' }).click();

  await openFromDashboard(page, 'General Knowledge (English / हिन्दी)', /Hindi/);
  await expect(page.getByText('हर प्रश्न का उत्तर दें')).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('भारत की राजधानी क्या है?')).toBeVisible();
  await expect(page.getByText('What is the capital of India?')).toBeVisible();
  await shootBoth(page, 'test-engine-two-language');
  await next(page);
  await next(page);
  await dismissNotice(page);
  await expect(page.getByText('( Translation not available )').first()).toBeVisible();
});

/** Offline for 30 s while answering (Ravi, main server): every answer is sent when the link returns, and scored. */
async function offlineScenario(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
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
  const { spawn } = await import('node:child_process');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const net = await import('node:net');
  const port: number = await new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invigil-kill-'));
  const root = path.resolve(import.meta.dirname, '..');
  const start = async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000',
      },
    });
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('server did not start');
  };
  let server = await start();
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  try {
    await openTest(page, USERS.candidate2, ALL_TYPES);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('radio', { name: 'Mars' }).check();
    await saved(page);
    server.kill('SIGKILL');
    await next(page);
    await page.getByRole('checkbox', { name: '2', exact: true }).check();
    await page.getByRole('checkbox', { name: '5', exact: true }).check();
    await expect(page.getByRole('status', { name: /waiting to be saved|offline/ })).toBeVisible({ timeout: 10_000 });
    server = await start();
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
    server.kill('SIGTERM');
  }
}

// The time-out needs two real minutes. Meanwhile the other demo candidate (Ravi, whose session is
// independent of Asha's) runs the offline and server-kill scenarios in contexts of their own, so
// the wait is not idle; each keeps every assertion it had as a test of its own.
test('time-out: the one-minute warning, then "Time\'s up!" and the automatic submission (meanwhile: offline 30 s, server killed)', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await openTest(page, USERS.candidate, 'Two-Minute Quick Test');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('radio', { name: '19' }).check();
  const timeOut = async () => {
    const warn = page.getByRole('dialog', { name: 'Hurry up!' });
    await expect(warn).toBeVisible({ timeout: 75_000 });
    await expect(page.getByTestId('countdown')).toHaveText(/00:0[01]:[0-5]\d/);
    await warn.getByRole('button', { name: 'Ok' }).click();
    const timeUp = page.getByRole('dialog', { name: "Time's up!" });
    await expect(timeUp).toBeVisible({ timeout: 75_000 });
    await expect(timeUp).toContainText('submitted automatically');
    await expect(timeUp.getByRole('button', { name: 'Ok' })).toBeEnabled({ timeout: 15_000 });
    await shootBoth(page, 'test-engine-time-up');
    await timeUp.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByTestId('score-block')).toContainText('1', { timeout: 15_000 });
  };
  const meanwhile = async () => {
    await test.step('offline for 30 s while answering: every answer is sent when the link returns, and scored', () =>
      offlineScenario(browser));
    await test.step('the server is killed mid-test and restarted: resume, nothing lost', () => killScenario(browser));
  };
  await Promise.all([test.step('time-out', timeOut), meanwhile()]);
});
