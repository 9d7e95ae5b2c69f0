import { type Page } from '@playwright/test';
import { expect, test } from './support/server.ts';
import { USERS } from './support/auth.ts';
import { shootBoth } from './support/screenshots.ts';
import { dismissNotice, next, openFromDashboard, openTest } from './support/test-engine.ts';

const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const question = (page: Page, n: number) =>
  expect(page.getByRole('heading', { name: new RegExp(`^Q\\.${n} of \\d+$`) })).toBeVisible();
const saved = (page: Page) =>
  expect(page.getByRole('status', { name: 'All answers saved' })).toBeVisible({ timeout: 15_000 });
const openGrid = async (page: Page) => {
  await page.getByRole('button', { name: /^Question \d+ \/ \d+$/ }).click();
  return page.getByRole('dialog', { name: 'Question numbers' });
};

/** The adaptive demo's correct options, by question text. */
const ADAPTIVE_KEY: Record<string, string> = {
  'What is 2 + 3?': '5',
  'What is 10 - 4?': '6',
  'Which is the largest: 3, 8, 5?': '8',
  'What is 12 × 12?': '144',
  'Next in the series 2, 4, 8, 16, ...?': '32',
  'A train covers 180 km in 3 hours. Its speed in km/h?': '60',
  'What is 15% of 240?': '36',
  'If 3x + 7 = 22, x = ?': '5',
  'How many primes are below 20?': '8',
};
const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

test('adaptive test (examtypeid 4): the server serves each question; Next and Finish follow the remaining marks', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const first = page.waitForResponse((r) => r.url().endsWith('/api/test/userTest'));
  await openTest(page, USERS.candidate, 'Adaptive Aptitude Test');
  // An adaptive test serves no question before the clock runs (ADR 0198).
  expect(decode((await (await first).json()).quesData)).toHaveLength(0);
  const afterStart = page.waitForResponse((r) => r.url().endsWith('/api/test/userTest'));
  await button(page, 'Start').click();
  const served = decode((await (await afterStart).json()).quesData) as Array<{ qtext: string; qmarks: number }>;
  // Only the first question comes with the test; the pools stay on the server.
  expect(served).toHaveLength(1);
  await question(page, 1);
  // No Mark for Review in a test that never comes back to a question.
  await expect(page.getByRole('button', { name: 'Mark for Review' })).toHaveCount(0);

  let marks = served[0]!.qmarks;
  let current = served[0]!;
  for (let n = 1; n <= 9; n++) {
    await expect(page.getByText(plain(current.qtext)).first()).toBeVisible();
    await page.getByRole('radio', { name: ADAPTIVE_KEY[plain(current.qtext)]!, exact: true }).check();
    if (marks >= 5) break;
    await expect(button(page, 'Finish')).toBeDisabled();
    await expect(button(page, 'Next')).toBeEnabled();
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/test/nextQuestion'));
    await button(page, 'Next').click();
    const body = await (await reply).json();
    expect(body.done).toBe(false);
    current = decode(body.question);
    expect(served.map((q) => q.qtext)).not.toContain(current.qtext);
    served.push(current);
    marks += current.qmarks;
    expect(body.remainingMarks).toBe(5 - marks);
    await question(page, n + 1);
    if (n === 1) {
      await shootBoth(page, 'test-engine-adaptive');
      // Back on the first question: its answer chose this one, so it stands (ADR 0197).
      await button(page, 'Previous').click();
      await question(page, 1);
      await expect(
        page.getByText('This answer can no longer be changed: the next question was chosen from it.'),
      ).toBeVisible();
      for (const radio of await page.getByRole('radio').all()) await expect(radio).toBeDisabled();
      await shootBoth(page, 'test-engine-adaptive-locked');
      await button(page, 'Next').click();
      await question(page, 2);
      await expect(page.getByRole('radio').first()).toBeEnabled();
    }
  }
  // Remaining marks are zero: Next is off, Finish is on.
  expect(marks).toBe(5);
  await expect(button(page, 'Next')).toBeDisabled();
  await expect(button(page, 'Finish')).toBeEnabled();
  await saved(page);
  await button(page, 'Finish').click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 5 / 5 (100%)');
});

test('mandatory answers with navigation off; Mark for Review kept on resume; typing strip grows', async ({ page }) => {
  test.setTimeout(90_000);
  page.on('dialog', (d) => void d.accept());
  const name = 'Mandatory Answers, No Going Back';
  await openTest(page, USERS.candidate, name);
  await button(page, 'Start').click();
  await question(page, 1);
  // Unanswered: Next and Finish wait; Previous never works here.
  await expect(button(page, 'Next')).toBeDisabled();
  await expect(button(page, 'Previous')).toBeDisabled();
  await expect(button(page, 'Finish')).toBeDisabled();
  // Marking for review does not count as an answer.
  await page.getByRole('button', { name: 'Mark for Review' }).click();
  await expect(page.getByRole('button', { name: 'Unmark Review' })).toHaveAttribute('aria-pressed', 'true');
  await expect(button(page, 'Next')).toBeDisabled();
  await page.getByRole('radio', { name: '366' }).check();
  await expect(button(page, 'Next')).toBeEnabled();
  await expect(button(page, 'Finish')).toBeDisabled();
  const grid = await openGrid(page);
  await expect(grid.getByRole('button', { name: '1: Marked Review' })).toBeVisible();
  await expect(grid).toContainText('Marked Review (1)');
  await expect(grid.getByRole('button', { name: '2: Not Visited' })).toBeDisabled();
  await shootBoth(page, 'test-engine-marked-review');
  await page.keyboard.press('Escape');

  await next(page);
  await question(page, 2);
  await expect(button(page, 'Previous')).toBeDisabled();
  await page.getByRole('radio', { name: 'Carbon dioxide' }).check();
  await saved(page);

  // Reload: resume restores the answers and the review mark; going back stays impossible.
  await page.reload();
  await openFromDashboard(page, name);
  await button(page, 'Resume').click();
  await question(page, 3);
  await expect(button(page, 'Previous')).toBeDisabled();
  const after = await openGrid(page);
  await expect(after.getByRole('button', { name: '1: Marked Review' })).toBeVisible();
  await expect(after.getByRole('button', { name: '2: Answered' })).toBeVisible();
  await expect(after.getByRole('button', { name: '1: Marked Review' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await expect(button(page, 'Next')).toBeDisabled();
  await page.getByPlaceholder('Enter your input here').fill('Au');
  // Mark and unmark: back to Answered.
  await page.getByRole('button', { name: 'Mark for Review' }).click();
  await page.getByRole('button', { name: 'Unmark Review' }).click();
  await expect(page.getByRole('button', { name: 'Mark for Review' })).toHaveAttribute('aria-pressed', 'false');
  await next(page);
  await dismissNotice(page);
  await question(page, 4);
  await expect(button(page, 'Next')).toBeDisabled();
  await expect(button(page, 'Finish')).toBeDisabled();

  // Typing: 20 blank characters before the first word; 13 words, so 10 are added after 4 are typed.
  const strip = page.getByTestId('typing-strip');
  const lead = () =>
    strip.evaluate((el) => {
      const out: string[] = [];
      for (const s of Array.from(el.children)) {
        if (s.getAttribute('data-state') === 'current') break;
        out.push(s.textContent ?? '');
      }
      return out.join('');
    });
  expect(await lead()).toBe(' '.repeat(20));
  await expect(strip.locator('[data-state="current"]')).toHaveText('Practice');
  const passage = page.getByLabel('Start typing the text shown above').first();
  await expect(passage.locator('span')).toHaveCount(13);
  await page
    .getByRole('textbox', { name: 'Start typing the text shown above' })
    .pressSequentially('Practice makes typing fast ', { delay: 20 });
  await expect(passage.locator('span')).toHaveCount(23);
  await expect(strip.locator('[data-state="current"]')).toHaveText('and');
  // The lead keeps the last 20 characters typed: 'Practice' is cut to its final letter.
  expect(await lead()).toBe('e makes typing fast ');
  await expect(strip.locator('[data-state="ok"]')).toHaveCount(4);
  await shootBoth(page, 'test-engine-typing-strip');
  await expect(button(page, 'Finish')).toBeEnabled();
  await saved(page);
  await button(page, 'Finish').click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  // 1 + 1 + 1 + 2 * 4 / 13 (typing, source words only) = 3.62 of 5.
  await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 3.62 / 5');
});
