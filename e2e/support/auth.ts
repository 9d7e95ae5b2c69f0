import { expect, type Page } from '@playwright/test';

export const USERS = {
  candidate: { email: 'candidate@example.com', password: 'Candidate@123', name: 'Asha Rao' },
  candidate2: { email: 'candidate2@example.com', password: 'Candidate@123', name: 'Ravi Kumar' },
  support: { email: 'support@example.com', password: 'Support@123', name: 'Sam Iyer' },
  admin: { email: 'admin@example.com', password: 'Admin@1234', name: 'Meera Das' },
} as const;

/**
 * Signs in through the login screen. If the account has a session elsewhere (an earlier test),
 * answers Yes in the 'System Warning' dialog, which logs the other one out.
 */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/v2/user/login');
  await page.getByLabel('Username').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const warning = page.getByRole('dialog', { name: 'System Warning' });
  await expect(page.getByRole('navigation', { name: 'Main menu' }).or(warning).first()).toBeVisible();
  if (await warning.isVisible()) await warning.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
}

/** Cookie value in the page's context. */
export async function cookie(page: Page, name: string): Promise<string | undefined> {
  const all = await page.context().cookies();
  return all.find((c) => c.name === name)?.value;
}
