import { USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { editDatabase } from './support/edit-database.ts';
import { shootBoth } from './support/screenshots.ts';
import { expect, startServer, test as base, type E2eServer } from './support/server.ts';
import { openTest, next, dismissNotice } from './support/test-engine.ts';

/**
 * Question type codes the spec lists as "further kinds, not shown" (15, 21, 23, 31) come only
 * from an organisation's own data (ADR 0215). Here the window-switch demo test's two questions
 * become a type 21 with its choices and a type 15 without any, in the server's database.
 */
const EXAM = 'Proctored Test (Window Switch Limit 2)';
// The worker's server, made this way (a fixture of its own: this file gets a worker of its own).
const test = base.extend<object, { server: E2eServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const first = await startServer();
      await first.stop();
      editDatabase(
        first.dataDir,
        `UPDATE questions SET qtype_code = 21, qtype_name = 'Legacy kind'
           WHERE exam_id = (SELECT id FROM exams WHERE name = '${EXAM}') AND position = 1;
         DELETE FROM choices WHERE question_id = (SELECT id FROM questions
           WHERE exam_id = (SELECT id FROM exams WHERE name = '${EXAM}') AND position = 2);
         UPDATE questions SET qtype_code = 15, qtype_name = 'Legacy kind', text = '<p>Describe a clear sky.</p>'
           WHERE exam_id = (SELECT id FROM exams WHERE name = '${EXAM}') AND position = 2;`,
      );
      const server = await startServer({ dataDir: first.dataDir, port: first.port });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

test('a type the spec does not show is answered by its choices or in the editor, and scored by its key', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openTest(page, USERS.candidate, EXAM);
  await page.getByRole('button', { name: 'Start' }).click();

  await expect(page.getByRole('radio', { name: 'Blue' })).toBeVisible();
  await page.getByRole('radio', { name: 'Blue' }).check();
  await shootBoth(page, 'unspecified-type-choices');
  await next(page);
  await dismissNotice(page);
  await expect(page.getByText('Describe a clear sky.')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  const editor = page.getByRole('textbox', { name: 'Your answer' });
  await editor.click();
  await page.keyboard.type('Blue, with no clouds.');
  await expect(page.getByTestId('answer-file-input')).toBeAttached();
  await shootBoth(page, 'unspecified-type-editor');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /Question \d+ \/ 2/ }).click();
  const grid = page.getByRole('dialog', { name: 'Question numbers' });
  await expect(grid.getByRole('button', { name: '1: Answered' })).toBeVisible();
  await expect(grid.getByRole('button', { name: '2: Answered' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  // The keyed choice scores its mark; the text waits for a person (0 of 1 here).
  await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 1 / 2 (50%)');
});
