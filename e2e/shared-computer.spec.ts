import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, testOnOwnServer } from './support/server.ts';
import { cookie, signIn, USERS } from './support/auth.ts';
import { shootBoth } from './support/screenshots.ts';
import { menu } from './support/staff-menu.ts';
import { openTest, saved, token } from './support/test-engine.ts';

// One browser context is one physical machine (a test centre PC, a family laptop): its cookies,
// local storage and IndexedDB are shared by whoever sits at it (ADR 0232).

// A server of this file's own (so a worker of its own): these tests sign the demo candidates in
// and out and leave their window-switch test in progress, which other files' tests on a shared
// worker server would meet as 'System Warning' or Resume.
const test = testOnOwnServer();

const root = path.resolve(import.meta.dirname, '..');

/** A resume opens at the first question not answered: back to question 1. */
async function firstQuestion(page: Page) {
  await expect(page.getByTestId('question-page')).toBeVisible();
  if (await page.getByRole('heading', { name: /^Q\.2 of/ }).isVisible())
    await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: /^Q\.1 of/ })).toBeVisible();
}

test('A logs out and B signs in on the same page: B sees only B (profile, header, back button)', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Asha');
  await page.getByRole('link', { name: 'Go Back to Dashboard' }).click();
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  expect(await cookie(page, 'userName')).toBe('');

  // The back button after logout: the login screen again, never A's pages.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Asha Rao')).toHaveCount(0);

  // B, on the same page (no reload): the profile is B's, not A's cached one.
  await page.getByLabel('Username').fill(USERS.candidate2.email);
  await page.getByLabel('Password').fill(USERS.candidate2.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(menu(page)).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Email Address')).toHaveValue(USERS.candidate2.email);
  await expect(page.getByLabel('First Name')).toHaveValue('Ravi');
  await expect(page.getByText('Asha')).toHaveCount(0);
});

test('A closes the tab: the next person to open the site gets the login screen, not A', async ({ context, page }) => {
  await signIn(page, USERS.candidate);
  const aToken = await token(page);

  // A second tab while A's is open is A's too (the open tab vouches), and keeps it on a reload.
  const second = await context.newPage();
  await second.goto('/v2/user/dashboard');
  await expect(menu(second)).toContainText('Asha Rao');
  await second.reload();
  await expect(menu(second)).toContainText('Asha Rao');
  await second.close();
  await page.reload();
  await expect(menu(page)).toContainText('Asha Rao');

  // A leaves without logging out: the last tab of the sign-in is closed.
  await page.close();
  const next = await context.newPage();
  await next.goto('/v2/user/dashboard');
  await expect(next.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(next).toHaveURL(/\/v2\/user\/login$/);
  await expect(next.getByText('Asha Rao')).toHaveCount(0);
  await expect(next.getByText('Session expired. Please login again!')).toHaveCount(0);
  expect(await cookie(next, 'userName')).toBe('');
  expect(await cookie(next, 'token')).toBe('');
  await shootBoth(next, 'shared-computer-left-sign-in');
  // A's session is over on the server too: the token left in the machine opens nothing.
  await expect
    .poll(async () =>
      (
        await next.request.get('/api/dashboard/getProfile', { headers: { authorization: `Bearer ${aToken}` } })
      ).status(),
    )
    .toBe(401);

  // B signs in (no 'already logged in' question for A's account later either).
  await signIn(next, USERS.candidate2);
  await expect(menu(next)).toContainText('Ravi Kumar');
});

test("A's unsent answer waits on the machine through B's sign-in and reaches A's attempt when A is back", async ({
  browser,
  baseURL,
  context,
  page,
}) => {
  const id = await openTest(page, USERS.candidate, 'Proctored Test (Window Switch Limit 2)');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('radio', { name: 'Green' }).check();
  await saved(page);
  await context.setOffline(true);
  await page.getByRole('radio', { name: 'Blue' }).check(); // kept on this machine only
  await page.close(); // A leaves without logging out
  await context.setOffline(false);

  const next = await context.newPage();
  const underB: string[] = [];
  next.on('request', (r) => {
    if (r.url().includes('/api/')) underB.push(`${r.url()} ${r.postData() ?? ''}`);
  });
  await signIn(next, USERS.candidate2);
  await expect(menu(next)).toContainText('Ravi Kumar');
  await next.waitForTimeout(1500);
  const keys = await next.evaluate(() => Object.keys(localStorage));
  expect(keys).toContain(String(id)); // A's unsent answer is still on the machine, for A
  expect(
    underB.filter((r) => r.includes(`/${id}`) || new RegExp(`"(userExamId|examId|id)":"?${id}\\b`).test(r)),
  ).toEqual([]);
  await next.getByRole('link', { name: 'Logout' }).click();
  await expect(next).toHaveURL(/\/v2\/user\/login$/);

  // A, later, on the same machine: Resume sends the kept answer into A's attempt.
  await openTest(next, USERS.candidate, 'Proctored Test (Window Switch Limit 2)');
  await next.getByRole('button', { name: 'Resume' }).click();
  await firstQuestion(next);
  await expect(next.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await saved(next);
  // The server has it: on another machine (no local copy there) A's attempt shows Blue.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await openTest(other, USERS.candidate, 'Proctored Test (Window Switch Limit 2)');
  await other.getByRole('button', { name: 'Resume' }).click();
  await firstQuestion(other);
  await expect(other.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await elsewhere.close();
});

test('support signs out and a candidate signs in on the same page: no staff data or screens', async ({ page }) => {
  await signIn(page, USERS.support);
  await page.getByLabel('Email Id').fill(USERS.candidate.email);
  await page.getByRole('button', { name: 'Search User Tests' }).click();
  await expect(page.getByRole('table', { name: 'User tests' })).toContainText('Logical Reasoning');
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  expect(await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)])).toEqual([[], []]);

  await page.getByLabel('Username').fill(USERS.candidate2.email);
  await page.getByLabel('Password').fill(USERS.candidate2.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(menu(page)).toContainText('Ravi Kumar');
  await expect(menu(page).getByRole('button', { name: 'Search User Details' })).toHaveCount(0);
  await expect(page.getByText('Logical Reasoning')).toHaveCount(0); // Asha's rows from support's search
  // The staff call under the candidate's session: refused by the server whatever the page shows.
  const staffCall = await page.request.post('/api/test/searchUserOrg', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { username: USERS.candidate.email },
  });
  expect(staffCall.status()).toBe(403);
  await shootBoth(page, 'shared-computer-candidate-after-support');
});

test('signed in elsewhere mid-test: B on that tab gets nothing of A; A back on it resumes with the answer', async ({
  browser,
  baseURL,
  page,
}) => {
  // The attempt the test above left open (or a new one when this test runs alone).
  const id = await openTest(page, USERS.candidate, 'Proctored Test (Window Switch Limit 2)');
  await page.getByRole('button', { name: /^(Start|Resume)$/ }).click();
  await firstQuestion(page);
  await page.getByRole('radio', { name: 'Green' }).check();
  await saved(page);
  // A signs in on another machine: this tab's session ends, and its next save is refused.
  const elsewhere = await browser.newContext({ baseURL });
  await signIn(await elsewhere.newPage(), USERS.candidate);
  await elsewhere.close();
  await page.getByRole('radio', { name: 'Blue' }).check();
  await expect(page.getByText('Session expired. Please login again!')).toBeVisible({ timeout: 15_000 });
  await shootBoth(page, 'shared-computer-expired-mid-test');
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByText('Session expired. Please login again!')).toBeVisible();

  // B signs in on that tab: B's dashboard; nothing of A's attempt goes under B's session.
  const underB: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) underB.push(`${r.url()} ${r.postData() ?? ''}`);
  });
  await signIn(page, USERS.candidate2);
  await expect(menu(page)).toContainText('Ravi Kumar');
  await page.waitForTimeout(1500);
  expect(
    underB.filter((r) => r.includes(`/${id}`) || new RegExp(`"(userExamId|examId|id)":"?${id}\\b`).test(r)),
  ).toEqual([]);
  await page.getByRole('link', { name: 'Logout' }).click();

  // A again on that tab: the same attempt resumes with the answer made after the session ended.
  expect(await openTest(page, USERS.candidate, 'Proctored Test (Window Switch Limit 2)')).toBe(id);
  await page.getByRole('button', { name: 'Resume' }).click();
  await firstQuestion(page);
  await expect(page.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await saved(page);
});

// Playwright turns Chromium's back/forward cache off; a real browser has it on.
test("Back after a logout that loads a new page never shows the last user's screens", async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await signIn(page, USERS.candidate2);
    await expect(menu(page)).toContainText('Ravi Kumar');
    // As the test's low-bandwidth Close and a forced logout leave: a new document.
    await page.evaluate(() => window.location.assign('/v2/user/logout'));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.goBack({ waitUntil: 'commit' });
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/user\/login$/);
    await expect(page.getByText('Ravi Kumar')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test("B opens B's own sign-in link where A is still signed in: B's dashboard, A's sign-in ended", async ({
  page,
  server,
}) => {
  await signIn(page, USERS.candidate);
  const aToken = await token(page);
  const link = execFileSync(
    'node',
    ['--import', 'tsx', 'apps/server/src/cli/auto-login-link.ts', USERS.candidate2.email, ''],
    { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
  ).trim();
  await page.goto(`/v2/user/login${new URL(link, 'http://x').search}`);
  const warning = page.getByRole('dialog', { name: 'System Warning' });
  await expect(menu(page).or(warning).first()).toBeVisible();
  if (await warning.isVisible()) await warning.getByRole('button', { name: 'Yes' }).click();
  await expect(menu(page)).toContainText('Ravi Kumar');
  await expect(page.getByText('Asha Rao')).toHaveCount(0);
  expect(
    (await page.request.get('/api/dashboard/getProfile', { headers: { authorization: `Bearer ${aToken}` } })).status(),
  ).toBe(401);

  // A link of the user signed in (B's, used): the dashboard, as the spec's login route says.
  await page.goto(`/v2/user/login${new URL(link, 'http://x').search}`);
  await expect(menu(page)).toContainText('Ravi Kumar');
});

test("A logs out in one tab: A's other open tab leaves A's screens at once; B's sign-in there is B's", async ({
  context,
  page,
}) => {
  await signIn(page, USERS.candidate);
  const second = await context.newPage();
  await second.goto('/v2/user/profile');
  await expect(second.getByLabel('First Name')).toHaveValue('Asha');
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  // Nobody touched the second tab: it must not go on showing A's profile to the next person.
  await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(second.getByText('Asha')).toHaveCount(0);

  // B signs in in the first tab: the second, a login screen of this browser, follows B.
  await signIn(page, USERS.candidate2);
  await expect(menu(second)).toContainText('Ravi Kumar');
  await expect(second.getByText('Asha')).toHaveCount(0);
});
