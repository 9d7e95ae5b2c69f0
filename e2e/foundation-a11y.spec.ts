import { expect, test } from './support/server.ts';
import { signIn, USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';

test('login, profile (both tabs) and the dashboard shell have no serious or critical accessibility violations', async ({
  page,
}) => {
  await page.goto('/v2/user/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page, USERS.candidate);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/v2/user/profile');
  await expect(page.getByLabel('First Name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Password' }).click();
  await expect(page.getByLabel('Old Password')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/v2/user/dashboard');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/v2/user/logout');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
