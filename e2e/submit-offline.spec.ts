import { expect, test } from './support/server.ts';
import { USERS } from './support/auth.ts';
import { shootBoth } from './support/screenshots.ts';
import { api, dismissNotice, next, openTest, saved } from './support/test-engine.ts';

const NOT_SUBMITTED = 'Your test has NOT been submitted. Please check your internet connection.';

// Spec §4 "Submitting" on a lost link (Ravi's copy of the window-switch test, which no other spec takes).
test('finish offline: not submitted, kept as test-submit-{id}, sent when the link returns, scored once', async ({
  page,
  context,
}) => {
  const id = await openTest(page, USERS.candidate2, 'Proctored Test (Window Switch Limit 2)');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('radio', { name: 'Green' }).check();
  await saved(page);

  await context.setOffline(true);
  await page.getByRole('radio', { name: 'Blue' }).check(); // the later answer must win
  await next(page);
  await dismissNotice(page);
  await page.getByRole('radio', { name: '42' }).check();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish Test' });
  await expect(dialog).toContainText(NOT_SUBMITTED, { timeout: 20_000 });
  const kept = await page.evaluate((key) => localStorage.getItem(key), `test-submit-${id}`);
  expect(JSON.parse(kept!)).toMatchObject({ userExamId: id, submitType: 'STANDARD', status: '010' });
  expect((await api(page, `/api/result/status/${id}`)).body.examStatus).toBe('001');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  const failure = page.getByRole('alert').filter({ hasText: NOT_SUBMITTED });
  await expect(failure).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your score' })).toBeHidden();
  await shootBoth(page, 'submit-offline-thank-you');

  // The link returns while the thank-you page is still open: the kept submission goes by itself.
  await context.setOffline(false);
  await expect(failure).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('score-block')).toContainText('2');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /^(test-submit|\d+$)/.test(k)))).toEqual([]);
  const result = (await api(page, `/api/result/status/${id}`)).body;
  expect(result).toMatchObject({ examStatus: '010', evaluation: { obtainedMarks: 2, totalMarks: 2 } });

  // The same payload again (another tab's copy, a dashboard load): the one result stands.
  const again = await api(page, `/api/result/submittest/${id}`, JSON.parse(kept!));
  expect(again.status).toBe(200);
  expect((await api(page, `/api/result/status/${id}`)).body).toEqual(result);

  // Nothing is left to re-send when the dashboard loads.
  let resent = 0;
  page.on('request', (r) => void (r.url().includes('/api/result/submittest/') && resent++));
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(resent).toBe(0);
});
