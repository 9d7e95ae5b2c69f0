import { expect, type Page } from '@playwright/test';

/** The signed-in user's main menu (a drawer on a phone). */
export const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The super administrator's menu, in the spec's order. */
export const ADMIN_MENU = [
  'Ongoing Tests',
  'Pending Results',
  'Regenerate Results',
  'Import Test',
  'Import Candidates',
  'Schedule Test',
];

/** Opens a menu area (opening the drawer first on a phone) and waits for its heading. */
export async function openArea(page: Page, name: string) {
  const opener = page.getByRole('button', { name: 'Open menu' });
  if (await opener.isVisible()) await opener.click();
  await menu(page).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Imports a package from the Import Test area and waits for its report. */
export async function importPackage(page: Page, name: string, buffer: Buffer) {
  await openArea(page, 'Import Test');
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/zip', buffer });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

/** Uploads a one-candidate roster from the Import Candidates area; returns the invite link shown. */
export async function importOneCandidate(page: Page, csv: string): Promise<string> {
  await openArea(page, 'Import Candidates');
  await page
    .getByTestId('roster-file')
    .setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('roster-done')).toHaveText('Rows read: 1. Candidates created: 1, updated: 0.');
  return page.getByTestId('invite-link').innerText();
}
