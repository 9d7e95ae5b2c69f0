import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/server.ts';
import { PDFParse } from 'pdf-parse';
import { signIn, USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { shootBoth } from './support/screenshots.ts';
import { menu } from './support/staff-menu.ts';

const main = (page: Page) => page.getByRole('main');
const table = (page: Page) => main(page).getByRole('table');

async function open(page: Page, item: string) {
  const button = menu(page).getByRole('button', { name: item, exact: true });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await expect(button.or(openMenu).first()).toBeVisible();
  if (!(await button.isVisible())) await openMenu.click();
  await button.click();
  await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
}

async function tab(page: Page, name: string) {
  await main(page).getByRole('tab', { name, exact: true }).click();
}

async function group(page: Page, name: string) {
  await main(page).getByRole('group', { name: 'Groups' }).getByRole('button', { name, exact: true }).click();
}

const orgSelect = (page: Page) => main(page).getByRole('combobox', { name: 'Organization' });

async function chooseOrg(page: Page, name: string) {
  await orgSelect(page).selectOption({ label: name });
}

/** The organisation shown in the dropdown (the selected option's text). */
const shownOrg = (page: Page) => orgSelect(page).locator('option:checked');

const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

test('every list area shows the demo lists: tabs, group buttons, actions, hint, report texts', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Tests');
  await chooseOrg(page, 'Northwind Academy');
  for (const t of ['Pending Test', 'Completed Test', 'Expired Test'])
    await expect(main(page).getByRole('tab', { name: t })).toBeVisible();
  await group(page, 'Aptitude Batch 2026');
  await expect(row(page, 'General Aptitude Test')).toContainText('NOT STARTED');
  await expect(row(page, 'General Aptitude Test').getByRole('button', { name: /Take Test Online/ })).toBeEnabled();
  await expect(row(page, 'Advanced Reasoning Test').getByRole('button', { name: /Take Test Online/ })).toBeDisabled();
  await expect(row(page, 'Logical Reasoning')).toContainText('IN PROGRESS');
  await expect(row(page, 'Logical Reasoning').getByRole('button', { name: /Resume/ })).toBeVisible();
  await expect(main(page).getByText('Kindly click on the Link under Action column to proceed.')).toBeVisible();
  await group(page, 'Technical Round');
  await expect(row(page, 'Java Fundamentals')).toBeVisible();

  await tab(page, 'Completed Test');
  await group(page, 'Aptitude Batch 2026');
  await expect(main(page).getByRole('button', { name: 'Click here to download the Report' })).toBeVisible();
  await expect(row(page, 'Quantitative Skills')).toContainText('Processed');
  await group(page, 'Technical Round');
  await expect(main(page).getByText('Please wait, Your request is being processed')).toBeVisible();
  await expect(row(page, 'SQL Basics')).toContainText('N.A.');
  await tab(page, 'Expired Test');
  await group(page, 'Aptitude Batch 2026');
  await expect(row(page, 'Verbal Ability')).toContainText('EXPIRED');
  await group(page, 'Technical Round');
  await expect(row(page, 'Networking Essentials')).toBeVisible();

  await open(page, 'Survey');
  await expect(main(page).getByRole('tab', { name: 'Pending Survey' })).toBeVisible();
  await group(page, 'Employee Engagement 2026');
  await expect(row(page, 'Workplace Culture Survey').getByRole('button', { name: /Take Survey Online/ })).toBeEnabled();
  await tab(page, 'Completed Survey');
  await expect(table(page).getByRole('columnheader', { name: 'Assessee' })).toBeVisible();

  await open(page, 'Feedback');
  await tab(page, 'Completed Feedback');
  await expect(table(page).getByRole('columnheader', { name: 'Role' })).toBeVisible();
  await expect(table(page)).toContainText('Priya Nair');
  await tab(page, 'Expired Feedback');
  await expect(table(page)).toContainText('EXPIRED');

  await open(page, 'WorkFlow');
  await expect(main(page).getByRole('tab', { name: 'Pending WorkFlow' })).toBeVisible();
  await expect(table(page)).toContainText('IN PROGRESS');

  await open(page, 'Completed');
  await expect(table(page)).toContainText('Quantitative Skills');
  await main(page).getByRole('button', { name: 'Feedback', exact: true }).click();
  await expect(main(page).getByRole('heading', { name: 'Completed Feedback' })).toBeVisible();
  await expect(table(page)).toContainText('Priya Nair');
  await open(page, 'Expired');
  await expect(table(page)).toContainText('Verbal Ability');
  await main(page).getByRole('button', { name: 'WorkFlow', exact: true }).click();
  await expect(main(page).getByRole('heading', { name: 'Expired WorkFlow' })).toBeVisible();
  await shootBoth(page, 'dashboard-expired-workflow');
});

test('organisation switch reloads the lists and is restored after signing in again', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Tests');
  await chooseOrg(page, 'Northwind Academy');
  await expect(table(page)).toContainText('General Aptitude Test');
  await chooseOrg(page, 'Globex Corporation');
  await expect(table(page)).toContainText('Graduate Aptitude Test');
  await expect(table(page)).not.toContainText('General Aptitude Test');
  expect(await page.evaluate(() => [sessionStorage.getItem('orgId'), sessionStorage.getItem('typeButton')])).toEqual([
    '2',
    'TEST',
  ]);
  await open(page, 'Survey');
  await expect(shownOrg(page)).toHaveText('Globex Corporation');
  await expect(table(page)).toContainText('Customer Insight Survey');
  await page.reload();
  await expect(table(page)).toContainText('Customer Insight Survey');

  // A new sign-in (fresh session storage) restores menu, organisation and type button from the server.
  await page.goto('/v2/user/logout');
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  await signIn(page, USERS.candidate);
  await expect(menu(page).getByRole('button', { name: 'Survey', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(shownOrg(page)).toHaveText('Globex Corporation');
  await expect(table(page)).toContainText('Customer Insight Survey');
  expect(await page.evaluate(() => sessionStorage.getItem('typeButton'))).toBe('SURVEY');
  await open(page, 'Tests');
  await chooseOrg(page, 'Northwind Academy');
  await expect(table(page)).toContainText('General Aptitude Test');
});

test("empty states in the other candidate's empty organisation", async ({ page }) => {
  await signIn(page, USERS.candidate2);
  await open(page, 'Tests');
  await chooseOrg(page, 'Northwind Academy');
  await expect(table(page)).toContainText('Campus Aptitude Test');
  await expect(table(page)).not.toContainText('General Aptitude Test');
  await chooseOrg(page, 'Globex Corporation');
  const empty = main(page).getByTestId('empty-state');
  await expect(empty).toHaveText('No Pending Tests');
  await tab(page, 'Completed Test');
  await expect(empty).toHaveText('No Completed Tests');
  await tab(page, 'Expired Test');
  await expect(empty).toHaveText('No Expired Tests');
  for (const [item, text] of [
    ['Feedback', 'No Pending Feedback'],
    ['Survey', 'No Pending Survey'],
    ['WorkFlow', 'No Pending WorkFlow'],
  ] as const) {
    await open(page, item);
    await expect(empty).toHaveText(text);
  }
  await open(page, 'Survey');
  await tab(page, 'Completed Survey');
  await expect(empty).toHaveText('No Completed Survey');
  await tab(page, 'Expired Survey');
  await expect(empty).toHaveText('No Expired Survey');
  await open(page, 'Feedback');
  await tab(page, 'Expired Feedback');
  await expect(empty).toHaveText('No Expired Feedback');
  await shootBoth(page, 'dashboard-empty');
  await chooseOrg(page, 'Northwind Academy');
});

test("Select Test Language: only the test's languages, required, confirmation, test dialog, reload on close", async ({
  page,
}) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Tests');
  await chooseOrg(page, 'Northwind Academy');
  await group(page, 'Aptitude Batch 2026');
  await row(page, 'General Aptitude Test')
    .getByRole('button', { name: /Take Test Online/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'Select Test Language' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio')).toHaveCount(2);
  await expect(modal.getByRole('radio', { name: 'English (en-IN)' })).not.toBeChecked();
  await expect(modal.getByRole('radio', { name: 'Hindi (hi-IN)' })).toBeVisible();
  expect((await modal.boundingBox())!.width).toBe(425);
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Test Language Required !!');
  await modal.getByRole('radio', { name: 'Hindi (hi-IN)' }).check();
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await shootBoth(page, 'dashboard-language-modal');
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(modal).toContainText(
    'Test Language cannot be changed after the test has started. Are you sure you want to continue with this language?',
  );
  await modal.getByRole('button', { name: 'No' }).click();
  await expect(modal.getByRole('radio', { name: 'Hindi (hi-IN)' })).toBeChecked();
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await modal.getByRole('button', { name: 'Yes' }).click();
  await expect(modal).toBeHidden();
  // The full-screen test dialog opens with the test (named after it), the exam id and the
  // language; its content is the test engine's. (Closing it reloads the page: start-test.test.tsx.)
  const dialog = page.getByRole('dialog', { name: 'General Aptitude Test' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBe(1280);
  await page.reload();
  await expect(table(page)).toBeVisible();

  // A single-language test offers just that one, already chosen; Cancel closes.
  await group(page, 'Technical Round');
  await row(page, 'Java Fundamentals')
    .getByRole('button', { name: /Take Test Online/ })
    .click();
  await expect(modal.getByRole('radio')).toHaveCount(1);
  await expect(modal.getByRole('radio', { name: 'English (en-IN)' })).toBeChecked();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('practice: apply, snackbar for 6 seconds, already assigned, listed as pending', async ({ page }) => {
  await signIn(page, USERS.candidate2);
  await open(page, 'Tests');
  await chooseOrg(page, 'Northwind Academy');
  await open(page, 'Practice');
  for (const h of ['S.No', 'Test Name', 'Questions', 'Duration (Minutes)', 'Test']) {
    await expect(table(page).getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  expect(await table(page).getByRole('row').count()).toBeGreaterThanOrEqual(4);
  const name = 'Practice: Abstract Reasoning';
  await row(page, name).getByRole('button', { name: /Apply/ }).click();
  const snack = page.getByRole('alert').filter({ hasText: 'Exam is assigned' });
  await expect(snack).toBeVisible();
  await shootBoth(page, 'dashboard-practice');
  await expect(snack).toBeHidden({ timeout: 9000 });
  await row(page, name).getByRole('button', { name: /Apply/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Exam is already assigned hence cant assign' })).toBeVisible();
  await open(page, 'Tests');
  await group(page, 'Practice Tests');
  await expect(row(page, name)).toContainText('NOT STARTED');
});

test('site requirements: the system check table is filled by real checks', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Site Requirements');
  for (const h of ['Component', 'Requirement', 'Status', 'Remark'])
    await expect(table(page).getByRole('columnheader', { name: h })).toBeVisible();
  await expect(row(page, 'Bandwidth')).toContainText(/Passed \(\d+\.\d\d Mbps\)/);
  await expect(row(page, 'JavaScript')).toContainText('Passed (Enabled)');
  await expect(row(page, 'Operating system')).toContainText('Passed (Linux)');
  await expect(row(page, 'Browser')).toContainText(/Passed \(Chrome \d+\)/);
  await shootBoth(page, 'dashboard-site-requirements');

  // A link slower than 0.3 Mbps fails with the spec's remark.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: (0.15 * 1e6) / 8,
    uploadThroughput: (0.15 * 1e6) / 8,
  });
  await main(page).getByRole('button', { name: 'Check again' }).click();
  await expect(row(page, 'Bandwidth')).toContainText('Bandwidth is not good to support online test', {
    timeout: 20_000,
  });
  await expect(row(page, 'Bandwidth')).toContainText('Failed');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
});

test('group report downloads as a valid PDF naming the user', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Completed');
  await chooseOrg(page, 'Northwind Academy');
  await group(page, 'Aptitude Batch 2026');
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Click here to download the Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Asha_Rao_\d{8}_\d{6}\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  expect(text).toContain('Asha Rao');
  expect(text).toContain('Aptitude Batch 2026');
  expect(text).toContain('Quantitative Skills');
});

test("a slow report download does not hold the next organisation's report link", async ({ page }) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Survey');
  await tab(page, 'Completed Survey');
  await chooseOrg(page, 'Globex Corporation');
  await expect(row(page, 'Globex Corporation')).toBeVisible();
  await chooseOrg(page, 'Northwind Academy');
  await expect(row(page, 'Globex Corporation')).toBeHidden();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/users/group-report/**', async (route) => {
    await held;
    await route.continue();
  });
  const link = main(page).getByRole('button', { name: 'Click here to download the Report' });
  await link.dblclick();
  await expect(link).toBeDisabled();
  await chooseOrg(page, 'Globex Corporation'); // its lists are cached: shown at once
  await expect(row(page, 'Globex Corporation')).toBeVisible();
  // Globex's report is another report: its link answers at once, whatever Northwind's is doing.
  await expect(link).toBeEnabled();
  release();
});

test('support and user help; queued submissions are re-sent on dashboard load', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Support');
  await expect(main(page)).toContainText('24x7');
  await expect(main(page)).toContainText('screenshot');
  await expect(main(page).getByRole('link', { name: 'support@example.com' })).toBeVisible();
  const popup = page.waitForEvent('popup');
  await menu(page).getByRole('button', { name: 'User Help', exact: true }).click();
  const help = await popup;
  await expect(help).toHaveTitle('Invigil — User Help');
  await expect(help.getByRole('heading', { name: /When the connection drops/ })).toBeVisible();
  await help.close();
  await expect(main(page)).toContainText('Please check the new tab.');

  // Two stored submissions: the server answers 200 for one (removed) and 500 for the other (kept).
  await page.route('**/api/result/submittest/**', (route) =>
    route.fulfill({
      status: route.request().url().endsWith('/101') ? 200 : 500,
      contentType: 'application/json',
      body: '{"status":"ok"}',
    }),
  );
  await page.evaluate(() => {
    localStorage.setItem('test-submit-101', JSON.stringify({ userExamId: 101, submitType: 'STANDARD' }));
    localStorage.setItem('test-submit-102', JSON.stringify({ userExamId: 102, submitType: 'STANDARD' }));
  });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/result/submittest/101') && r.method() === 'POST');
  await page.reload();
  expect((await sent).postDataJSON()).toMatchObject({ userExamId: 101, submitType: 'STANDARD' });
  await expect
    .poll(() =>
      page.evaluate(() => [localStorage.getItem('test-submit-101'), localStorage.getItem('test-submit-102') !== null]),
    )
    .toEqual([null, true]);
  await page.evaluate(() => localStorage.removeItem('test-submit-102'));
});

test('layout at 1280 and 375 px: tabs become a dropdown on small screens', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await open(page, 'Tests');
  await chooseOrg(page, 'Northwind Academy');
  await expect(table(page)).toBeVisible();
  await shootBoth(page, 'dashboard-tests');
  await page.setViewportSize({ width: 375, height: 812 });
  const select = main(page).getByRole('combobox', { name: 'List' });
  await expect(select).toBeVisible();
  await expect(main(page).getByRole('tab')).toHaveCount(0);
  // Rows become cards: every column, the action included, fits in 375 px.
  const take = main(page).getByRole('button', { name: 'Take Test Online: General Aptitude Test' });
  await take.scrollIntoViewIfNeeded();
  const box = (await take.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await select.selectOption({ label: 'Completed Test' });
  await expect(main(page).getByRole('button', { name: 'Click here to download the Report' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375 + 1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await tab(page, 'Completed Test');
  await shootBoth(page, 'dashboard-completed');
});

test('accessibility: no serious or critical axe violations in any dashboard area', async ({ page }) => {
  // Eleven axe scans are CPU work: about 25 s on a quiet machine, near a minute at load 20. The
  // limit is a safety net, not a speed check (speed belongs in bench/).
  test.setTimeout(300_000);
  await signIn(page, USERS.candidate);
  const check = async (label: string) => {
    expect((await seriousViolations(page)).map((v) => `${label}: ${v}`)).toEqual([]);
  };
  for (const item of [
    'Tests',
    'Feedback',
    'Survey',
    'WorkFlow',
    'Completed',
    'Expired',
    'Practice',
    'Support',
    'Site Requirements',
  ]) {
    await open(page, item);
    await expect(main(page).locator('[role="status"]')).toHaveCount(0);
    if (item === 'Site Requirements')
      await expect(main(page).getByRole('button', { name: 'Check again' })).toBeEnabled();
    await check(item);
    if (['Tests', 'Feedback', 'Survey', 'WorkFlow'].includes(item)) {
      const noun = item === 'Tests' ? 'Test' : item;
      for (const t of [`Completed ${noun}`, `Expired ${noun}`]) {
        await tab(page, t);
        await check(`${item} / ${t}`);
      }
    }
  }
  await open(page, 'Tests');
  await tab(page, 'Pending Test');
  await group(page, 'Technical Round');
  await row(page, 'Java Fundamentals')
    .getByRole('button', { name: /Take Test Online/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Select Test Language' })).toBeVisible();
  // Let the fade-in finish: axe measures contrast on half-transparent text otherwise.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await check('language modal');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 812 });
  await check('Tests at 375 px');
});
