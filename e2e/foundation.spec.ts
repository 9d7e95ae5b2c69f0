import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/server.ts';
import { cookie, signIn, USERS } from './support/auth.ts';
import { shootBoth } from './support/screenshots.ts';
import { ADMIN_MENU, menu } from './support/staff-menu.ts';

const root = path.resolve(import.meta.dirname, '..');

test('login screen: fields, footer, wrong password and lockout messages, unlock after the period', async ({ page }) => {
  await page.goto('/v2/user/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(/© \d{4} Invigil/)).toBeVisible();
  await shootBoth(page, 'login');

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username and Password are required.');

  const attempt = async (password: string) => {
    await page.getByLabel('Username').fill('SUPPORT@example.com');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  // The username is lowercased as typed.
  await page.getByLabel('Username').fill('SUPPORT@Example.com');
  await expect(page.getByLabel('Username')).toHaveValue('support@example.com');
  for (let i = 0; i < 3; i++) {
    await attempt('wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Username or Password is incorrect.');
  }
  await attempt('wrong-password');
  await expect(page.getByRole('alert')).toHaveText(
    'One last attempt remaining !! WARNING : Too many unsuccessful attempts can cause the account to lock out !!',
  );
  await attempt('wrong-password');
  await expect(page.getByRole('alert')).toHaveText(
    'This account is locked due to too many unsuccessful attempts. Please try again after some time.',
  );
  // Locked: even the right password is refused...
  await attempt(USERS.support.password);
  await expect(page.getByRole('alert')).toHaveText(
    'This account is locked due to too many unsuccessful attempts. Please try again after some time.',
  );
  // ...until the lock period (3 s on the test server) has passed.
  await page.waitForTimeout(3500);
  await attempt(USERS.support.password);
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
});

test('dashboard shell: name in the menu header, candidate menu routes to each area, hover hints', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await expect(page.getByTestId('menu-user-name')).toHaveText('Asha Rao');
  const items = [
    'Tests',
    'Feedback',
    'Survey',
    'Completed',
    'Expired',
    'WorkFlow',
    'Site Requirements',
    'Support',
    'Practice',
  ];
  for (const item of items) {
    await menu(page).getByRole('button', { name: item, exact: true }).click();
    await expect(menu(page).getByRole('button', { name: item, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('heading', { name: item }).first()).toBeVisible();
  }
  const popup = page.waitForEvent('popup');
  await menu(page).getByRole('button', { name: 'User Help', exact: true }).click();
  expect((await popup).url()).toContain('/help/');
  await page.getByRole('link', { name: 'Click here to logout' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Click here to logout' })).toBeVisible();
  await page.getByRole('link', { name: 'Click here to update your profile' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Click here to update your profile' })).toBeVisible();
  await menu(page).getByRole('button', { name: 'Tests', exact: true }).click();
  await shootBoth(page, 'dashboard-shell');
});

test('Back and Forward move between the menu items chosen, without leaving the dashboard', async ({ page }) => {
  await signIn(page, USERS.candidate);
  const current = () => menu(page).locator('[aria-current="page"]');
  await expect(current()).toHaveText('Tests');
  await menu(page).getByRole('button', { name: 'Survey', exact: true }).click();
  await menu(page).getByRole('button', { name: 'Practice', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Practice' }).first()).toBeVisible();
  await page.goBack();
  await expect(current()).toHaveText('Survey');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Survey' }).first()).toBeVisible();
  await page.goBack();
  await expect(current()).toHaveText('Tests');
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
  await page.goForward();
  await expect(current()).toHaveText('Survey');
  // a reload keeps the item of the entry it reloads
  await page.reload();
  await expect(current()).toHaveText('Survey');
});

test('the menu collapses at 375 px and opens from the menu button', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(menu(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(page)).toBeVisible();
  await menu(page).getByRole('button', { name: 'Survey', exact: true }).click();
  await expect(menu(page)).toBeHidden();
  await page.setViewportSize({ width: 768, height: 800 });
  await expect(menu(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test('super administrator gets the operations menu', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(menu(page).getByRole('button')).toHaveText(ADMIN_MENU);
});

test('route guards and redirects', async ({ page }) => {
  await page.goto('/v2/user/dashboard');
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  await page.goto('/v2/user/profile');
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  await page.goto('/some/unknown/path');
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  await page.goto('/v2/user/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signIn(page, USERS.candidate2);
  await page.goto('/v2/user/login');
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
  await page.goto('/elsewhere');
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
  await page.goto('/v2/user/profile');
  await expect(page.getByRole('link', { name: 'Go Back to Dashboard' })).toBeVisible();
});

test('one session per user: System Warning, No keeps the other, Yes logs it out (next call 401 → expired notice)', async ({
  browser,
}) => {
  const first = await browser.newPage();
  await signIn(first, USERS.candidate2);
  const second = await browser.newPage();
  await second.goto('/v2/user/login');
  await second.getByLabel('Username').fill(USERS.candidate2.email);
  await second.getByLabel('Password').fill(USERS.candidate2.password);
  await second.getByRole('button', { name: 'Sign In' }).click();
  const dialog = second.getByRole('dialog', { name: 'System Warning' });
  await expect(dialog).toContainText('log in here and log out from the other device');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(second).toHaveURL(/\/v2\/user\/login$/);
  await second.getByRole('button', { name: 'Sign In' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(second).toHaveURL(/\/v2\/user\/dashboard$/);
  // The first device's token no longer works: its next call answers 401 and it is sent to login.
  await first.getByRole('link', { name: 'Click here to update your profile' }).click();
  await expect(first).toHaveURL(/\/v2\/user\/login$/);
  await expect(first.getByText('Session expired. Please login again!')).toBeVisible();
  expect(await cookie(first, 'sessionTime')).toBe('2');
  expect(await cookie(first, 'token')).toBe('');
  await first.close();
  await second.close();
});

test('logout clears the session and returns to login', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await page.getByRole('link', { name: 'Click here to logout' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  expect(await cookie(page, 'sessionTime')).toBe('1');
  expect(await cookie(page, 'token')).toBe('');
  await expect(page.getByText('Session expired. Please login again!')).toBeHidden();
  await page.goto('/v2/user/dashboard');
  await expect(page).toHaveURL(/\/v2\/user\/login$/);
  // Logging out left no active session: signing in again needs no confirmation.
  await page.getByLabel('Username').fill(USERS.candidate.email);
  await page.getByLabel('Password').fill(USERS.candidate.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
});

test('profile: validation texts, update, and password change', async ({ page }) => {
  await signIn(page, USERS.candidate2);
  await page.getByRole('link', { name: 'Click here to update your profile' }).click();
  await expect(page.getByTestId('profile-name')).toHaveText('Ravi Kumar');
  await expect(page.getByLabel('Email Address')).toHaveAttribute('readonly', '');
  await shootBoth(page, 'profile');
  await page.getByLabel('Contact No').fill('12345');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid Mobile Number');
  await page.getByLabel('Contact No').fill('9000012345');
  await page.getByLabel('First Name').fill('Ravindra');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toHaveText('User data updated successfully');
  await expect(page.getByTestId('profile-name')).toHaveText('Ravindra Kumar');

  await page.getByRole('tab', { name: 'Password' }).click();
  const fill = async (oldPw: string, pw: string, confirm: string) => {
    await page.getByLabel('Old Password').fill(oldPw);
    await page.getByLabel('Password', { exact: true }).fill(pw);
    await page.getByLabel('Confirm Password').fill(confirm);
    await page.getByRole('button', { name: 'Change Password' }).click();
  };
  await fill(USERS.candidate2.password, 'Newpass@123', 'Newpass@124');
  await expect(page.getByRole('alert')).toHaveText('Password does not match');
  await fill(USERS.candidate2.password, 'weakpass', 'weakpass');
  await expect(page.getByRole('alert')).toHaveText(
    'Password must be minimum eight characters, at least one uppercase letter, one lowercase letter, one number and one special character',
  );
  await fill('Wrong@1234', 'Newpass@123', 'Newpass@123');
  await expect(page.getByRole('alert')).toHaveText('Old password did not match...');
  await fill(USERS.candidate2.password, 'Newpass@123', 'Newpass@123');
  await expect(page.getByRole('status')).toHaveText('Password changed successfully');
  // Put it back so other tests keep the documented password.
  await fill('Newpass@123', USERS.candidate2.password, USERS.candidate2.password);
  await expect(page.getByRole('status')).toHaveText('Password changed successfully');
  await page.getByRole('link', { name: 'Go Back to Dashboard' }).click();
  await expect(page.getByTestId('menu-user-name')).toHaveText('Ravindra Kumar');
});

test('auto-login: a signed link of today signs in; tampered, unsigned and stale links are refused', async ({
  page,
  server,
}) => {
  const link = execFileSync(
    'node',
    ['--import', 'tsx', 'apps/server/src/cli/auto-login-link.ts', USERS.candidate.email, ''],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    },
  ).trim();
  const url = new URL(link, 'http://x');
  const query = url.search;

  await page.goto(`/v2/user/login${query.replace(/sig=[0-9a-f]{4}/, 'sig=0000')}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link is not valid. Please sign in with your username and password.',
  );
  await page.goto(`/v2/user/login?ref=${url.searchParams.get('ref')}&email=${url.searchParams.get('email')}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link is not valid. Please sign in with your username and password.',
  );
  const key = readFileSync(path.join(server.dataDir, 'secrets/auto-login.key'), 'utf8').trim();
  const staleRef = String(Date.now() - 2 * 86_400_000);
  const email = url.searchParams.get('email')!;
  const staleSig = createHmac('sha256', key).update(`${staleRef}.${email}`).digest('hex');
  await page.goto(`/v2/user/login?${new URLSearchParams({ ref: staleRef, email, sig: staleSig })}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link has expired or has already been used. Please sign in with your username and password.',
  );

  await page.goto(`/v2/user/login${query}`);
  const warning = page.getByRole('dialog', { name: 'System Warning' });
  await expect(page.getByRole('navigation', { name: 'Main menu' }).or(warning).first()).toBeVisible();
  if (await warning.isVisible()) await warning.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('menu-user-name')).toHaveText('Asha Rao');
});
