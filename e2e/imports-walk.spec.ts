import { expect, test } from './support/server.ts';
import { taoPackage } from '../apps/server/test/content/packages.ts';
import { signIn, USERS } from './support/auth.ts';
import { importOneCandidate, importPackage, menu, openArea } from './support/staff-menu.ts';
import { dismissNotice, next, orderColumnB, question, saved } from './support/test-engine.ts';

/**
 * An organisation's own material as other tools write it, in Chromium: a QTI 2.1 package as
 * TAO exports it (items in folders, pictures and audio beside them, feedback, map_response) and
 * a roster saved by a spreadsheet with semicolons, a BOM and Windows line endings. The new
 * candidate takes the test: the picture and the audio load, the answers save and score as the
 * package's keys say.
 */
const TEST_NAME = 'TAO Walk Test';
const CANDIDATE = { email: 'jorg.muller@walk.example', password: 'Welcome@123' };
const ROSTER =
  '\uFEFFFirst Name;Last Name;E-mail;Contact Number;Organisation;Group\r\n' +
  `Jörg;"Müller; Sohn";${CANDIDATE.email};9876512370;Walk Org;Walk Batch\r\n`;

test('a TAO package and a semicolon roster: the new candidate takes the test, media load, it scores', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(admin, USERS.admin);
  await importPackage(admin, 'tao.zip', taoPackage());
  await expect(admin.getByTestId('import-done')).toContainText(`Imported “${TEST_NAME}” as test`);
  await expect(admin.getByTestId('import-done')).toContainText('Questions: 8, media files: 2.');

  const link = await importOneCandidate(admin, ROSTER);

  await openArea(admin, 'Schedule Test');
  const option = admin.getByLabel('Test', { exact: true }).locator('option').first();
  await admin.getByLabel('Test', { exact: true }).selectOption({ label: (await option.innerText()).trim() });
  await admin.getByLabel('Group', { exact: true }).selectOption({ label: 'Walk Batch – Walk Org (candidates: 1)' });
  await admin.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(admin.getByTestId('schedule-done')).toHaveText('Scheduled. Candidates: 1.');

  const page = await (await browser.newContext()).newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Password', { exact: true }).fill(CANDIDATE.password);
  await page.getByLabel('Confirm Password').fill(CANDIDATE.password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
  await menu(page).getByRole('button', { name: 'Tests', exact: true }).click();
  await page.getByRole('button', { name: 'Walk Batch' }).click();
  await page
    .getByRole('row', { name: new RegExp(TEST_NAME) })
    .getByRole('button', { name: 'Take Test Online' })
    .click();
  await page.getByRole('dialog', { name: 'Select Test Language' }).getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Answer every question.')).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();

  await question(page, 1);
  const picture = page.getByRole('img', { name: 'A planet' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Feedback is the package's, for after an answer: never shown while the test is taken.
  await expect(page.getByText(/Mars is red|The answer is Mars|Well done/)).toHaveCount(0);
  await page.getByRole('radio', { name: 'Mars', exact: true }).check();
  await next(page);
  await question(page, 2);
  // MathML, as QTI items write formulas, is shown as a formula, not as its digits run together.
  await expect(page.locator('math mfrac')).toHaveCount(1);
  await expect(page.locator('math mfrac mn')).toHaveText(['20', '2']);
  await page.getByRole('checkbox', { name: '2', exact: true }).check();
  await page.getByRole('checkbox', { name: '5', exact: true }).check();
  await next(page);
  await question(page, 3);
  await page.getByPlaceholder('Enter your input here').first().fill('paris');
  await next(page);
  await question(page, 4);
  await page.getByRole('textbox', { name: 'Your answer' }).click();
  await page.keyboard.type('We went to the hills.');
  await next(page);
  await question(page, 5);
  await orderColumnB(page, ['Mercury', 'Venus', 'Earth']);
  await next(page);
  await question(page, 6);
  await orderColumnB(page, ['Paris', 'Rome']);
  await next(page);
  await question(page, 7);
  await page.getByRole('group', { name: 'Option(i)' }).getByRole('radio', { name: '100' }).check();
  await next(page);
  await dismissNotice(page);
  await question(page, 8);
  const audio = page.locator('audio').first();
  const loaded = await audio.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<string>((resolve) => {
        const done = () => resolve(a.error ? `error ${a.error.code}` : `duration ${a.duration > 0}`);
        if (a.readyState > 0 || a.error) return done();
        a.addEventListener('loadedmetadata', done, { once: true });
        a.addEventListener('error', done, { once: true });
        a.load();
      }),
  );
  expect(loaded).toBe('duration true');
  await page.getByRole('radio', { name: 'Yes', exact: true }).check();
  await saved(page);

  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  // Every question right but the essay (1 mark, marked by a person): 7 of 8.
  await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 7 / 8 (87.5%)', {
    timeout: 20_000,
  });
});
