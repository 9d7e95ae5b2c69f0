import { type Page } from '@playwright/test';
import { expect, test } from './support/server.ts';
import { fixturePackage } from '../apps/server/test/content/packages.ts';
import { signIn, USERS } from './support/auth.ts';
import { importOneCandidate, importPackage, menu, openArea } from './support/staff-menu.ts';
import { seriousViolations } from './support/axe.ts';
import { shootBoth } from './support/screenshots.ts';

/**
 * Issue 17 in Chromium: the super administrator imports a QTI 3.0 package and a roster and
 * schedules the test; the new candidate sets a password through the link, takes the imported
 * test and gets a score.
 */
const TEST_NAME = 'Imported Demo (QTI 3.0)';
const CANDIDATE = { email: 'lata.pillai@acme.example', password: 'Welcome@123' };
const ROSTER = [
  'first name,last name,e-mail,contact number,organisation,group',
  `Lata,Pillai,${CANDIDATE.email},9876512360,Acme Learning,E2E Batch`,
].join('\n');

test('an administrator imports a test and a roster and schedules it; the new candidate takes it', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(admin, USERS.admin);

  await importPackage(admin, 'qti3.zip', fixturePackage('qti3'));
  await expect(admin.getByTestId('import-done')).toContainText(`Imported “${TEST_NAME}” as test`);
  await expect(admin.getByTestId('import-done')).toContainText('Questions: 17, media files: 4.');
  await expect(
    admin
      .getByRole('table', { name: 'Imported questions' })
      .or(admin.getByRole('list', { name: 'Imported questions' })),
  ).toBeVisible();
  await shootBoth(admin, 'admin-import-test');
  expect(await seriousViolations(admin)).toEqual([]);

  const link = await importOneCandidate(admin, ROSTER);
  expect(link).toMatch(/\/v2\/user\/login\?invite=[A-Za-z0-9_-]{43}$/);
  await shootBoth(admin, 'admin-import-candidates');
  expect(await seriousViolations(admin)).toEqual([]);

  await openArea(admin, 'Schedule Test');
  await admin.getByLabel('Test', { exact: true }).selectOption({ label: `${TEST_NAME} (${await importedId(admin)})` });
  await admin.getByLabel('Group', { exact: true }).selectOption({ label: 'E2E Batch – Acme Learning (candidates: 1)' });
  await admin.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(admin.getByTestId('schedule-done')).toHaveText('Scheduled. Candidates: 1.');
  await expect(
    admin.getByRole('table', { name: 'Schedules' }).or(admin.getByRole('list', { name: 'Schedules' })),
  ).toContainText('E2E Batch');
  await shootBoth(admin, 'admin-schedule-test');
  expect(await seriousViolations(admin)).toEqual([]);

  // The new candidate, in a browser of their own: the link, a password, the dashboard, the test, a score.
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Set your password to sign in' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm Password').fill('weak');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('alert')).toContainText('Password must be minimum eight characters');
  await shootBoth(page, 'set-password');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Password', { exact: true }).fill(CANDIDATE.password);
  await page.getByLabel('Confirm Password').fill(CANDIDATE.password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);

  await menu(page).getByRole('button', { name: 'Tests', exact: true }).click();
  await page.getByRole('button', { name: 'E2E Batch' }).click();
  const row = page.getByRole('row', { name: /Imported Demo \(QTI 3\.0\)/ });
  await expect(row).toContainText('NOT STARTED');
  await row.getByRole('button', { name: 'Take Test Online' }).click();
  await page.getByRole('dialog', { name: 'Select Test Language' }).getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: /^Q\.1 of 17$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Q.1 of 17' })).toBeVisible();
  await page.getByRole('radio', { name: 'Mars' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('checkbox', { name: '2', exact: true }).check();
  await page.getByRole('checkbox', { name: '5', exact: true }).check();
  await expect(page.getByRole('status', { name: 'All answers saved' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  // Mars (1) and the primes (1) of 31 marks: the spoken answer and the video interview (8 marks)
  // are reviewed, not scored automatically, so they are outside the total (ADR 0160).
  await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 2 / 31 (6.45%)', {
    timeout: 20_000,
  });
});

/** The id of the test the import just made (the newest in the Test list). */
async function importedId(page: Page) {
  const option = page.getByLabel('Test', { exact: true }).locator('option').first();
  return /\((\d+)\)$/.exec((await option.innerText()).trim())![1];
}
