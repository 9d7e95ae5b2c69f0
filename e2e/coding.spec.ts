import { type Page } from '@playwright/test';
import { expect, test } from './support/server.ts';
import { USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { shootBoth } from './support/screenshots.ts';
import { next, openFromDashboard, openTest, token } from './support/test-engine.ts';

const CODING = 'Coding Test (All Languages)';
const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));

const editor = (page: Page) => page.getByTestId('code-editor');
const question = (page: Page, n: number) =>
  expect(page.getByRole('heading', { name: new RegExp(`^Q\\.${n} of \\d+$`) })).toBeVisible();

/** Replaces the editor's text as typed input (paste is blocked in the editor). */
async function setCode(page: Page, code: string) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** Compile & Execute Code, then waits for the run to end (the count goes up with the click). */
async function compile(page: Page) {
  const count = page.getByTestId('compile-count');
  await expect(count).toBeVisible();
  const n = Number(/\d+/.exec(await count.innerText())![0]);
  await page.getByRole('button', { name: 'Compile & Execute Code' }).click();
  await expect(count).toHaveText(n === 0 ? 'Compiled 1 time' : `Compiled ${n + 1} times`);
  await expect(page.getByTestId('run-phase')).toBeHidden({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Compile & Execute Code' })).toBeEnabled();
}

test('solve the coding test: languages, compile error, tests, reload, offline, SQL, HTML, score', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const editorChunks: string[] = [];
  page.on('request', (r) => {
    if (/code-editor|codemirror|lang-/.test(r.url())) editorChunks.push(r.url());
  });
  const id = await openTest(page, USERS.candidate, CODING, undefined, 'Coding Demo');
  // The dashboard never loaded the editor.
  expect(editorChunks).toEqual([]);
  await page.getByRole('button', { name: 'Start' }).click();
  await question(page, 1);
  await expect(editor(page)).toBeVisible();
  expect(editorChunks.length).toBeGreaterThan(0);

  // Every programming language: its boilerplate, a run of the skeleton, the count reset.
  const select = page.getByLabel('Coding language');
  await expect(select).toBeEnabled();
  const options = await select.locator('option').allTextContents();
  expect(options).toEqual([
    'C (gcc 12)',
    'C++ (g++ 12, C++17)',
    'Java (OpenJDK 17)',
    'Python 3',
    'JavaScript (Node.js)',
  ]);
  for (const [lang, marker] of [
    ['cpp', 'sumOf'],
    ['java', 'sumOf'],
    ['javascript', 'sumOf'],
    ['c', 'sumOf'],
    ['python', 'def sumOf'],
  ] as const) {
    await select.selectOption(lang);
    await expect(editor(page)).toContainText(marker);
    await expect(page.getByTestId('compile-count')).toHaveText('Compiled 0 times');
    await compile(page);
    await expect(page.getByTestId('compile-count')).toHaveText('Compiled 1 time');
    await expect(page.getByTestId('test-cases')).toBeVisible();
    await expect(page.getByTestId('hidden-count')).toHaveText(/^Hidden test cases: 2\./);
  }

  // A compile error in C, then the fix in Python passes the visible tests.
  await select.selectOption('c');
  await expect(editor(page)).toContainText('sumOf');
  await setCode(page, 'int sumOf(int* nums, int nums_len, int bonus) {\n  return bonus +\n}\n');
  await compile(page);
  await expect(page.getByTestId('syntax-errors')).toContainText('error');
  await select.selectOption('python');
  await expect(editor(page)).toContainText('def sumOf');
  // A Python syntax error is a syntax error too, said once, not a runtime error per test (ADR 0270).
  await setCode(page, 'def sumOf(nums, bonus):\n    return sum(nums\n');
  await compile(page);
  await expect(page.getByTestId('syntax-errors')).toContainText("SyntaxError: '(' was never closed");
  await expect(page.getByTestId('run-output')).toHaveText('');
  await setCode(page, 'def sumOf(nums, bonus):\n    return sum(nums) + bonus\n');
  await compile(page);
  await expect(page.getByTestId('syntax-errors')).toHaveText('');
  await expect(page.getByTestId('test-cases').getByText('Passed')).toHaveCount(2);

  // Keyboard only: Tab indents in the editor; Esc, then Tab, leaves it, as the hint says.
  await expect(editor(page)).toHaveAccessibleDescription(/press Esc, then Tab/);
  await editor(page).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(editor(page)).not.toBeFocused();

  // Copy and paste are refused in the editor.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByText("Don't copy paste your code.")).toBeVisible();

  // Screens and accessibility of the coding view.
  await shootBoth(page, 'coding-function', () => page.getByTestId('test-cases').scrollIntoViewIfNeeded());
  expect(await seriousViolations(page)).toEqual([]);

  // Reload: the code, language and last run are still there.
  await page.reload();
  await openFromDashboard(page, CODING, undefined, 'Coding Demo');
  await page.getByRole('button', { name: 'Resume' }).click();
  // The engine resumes at the first unanswered question.
  await question(page, 2);
  await page.getByRole('button', { name: 'Previous' }).click();
  await question(page, 1);
  await expect(editor(page)).toContainText('return sum(nums) + bonus');
  await expect(page.getByLabel('Coding language')).toHaveValue('python');

  // Offline while typing: the code stays, and reaches the server when the link returns.
  await context.setOffline(true);
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n# typed while offline\n');
  await expect(editor(page)).toContainText('# typed while offline');
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/test/answeredQts', {
          headers: { authorization: `Bearer ${await token(page)}` },
          data: { id },
        });
        const copy = decode((await res.json()).result) as { answers: Array<{ answer: { descriptiveText?: string } }> };
        return copy.answers.some((a) => (a.answer.descriptiveText ?? '').includes('# typed while offline'));
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // SQL (SQLite): the data tables beside the editor, rows for a query, the message for an error.
  await next(page);
  await question(page, 2);
  await next(page);
  await question(page, 3);
  await expect(page.getByLabel('Coding language')).toBeDisabled();
  await expect(page.getByRole('table', { name: 'Table employees' })).toBeVisible();
  await setCode(page, 'SELECT nam FROM employees');
  await compile(page);
  await expect(page.getByTestId('sql-message')).toContainText('nam');
  await setCode(page, 'SELECT name, salary FROM employees WHERE salary > 70000 ORDER BY salary DESC');
  await compile(page);
  await expect(page.getByTestId('sql-rows')).toContainText('Asha');
  await expect(page.getByTestId('sql-rows').locator('tbody tr')).toHaveCount(3);
  await shootBoth(page, 'coding-sql', () => page.getByTestId('run-results').scrollIntoViewIfNeeded());
  expect(await seriousViolations(page)).toEqual([]);

  // HTML: rendered in a sandboxed frame, never run on the server.
  await next(page);
  await next(page);
  await next(page);
  await question(page, 6);
  await setCode(
    page,
    '<html><body><h1>Welcome to Invigil</h1><ul><li>one</li></ul><script>parent.document.title="owned"</script></body></html>',
  );
  await compile(page);
  const frame = page.getByTestId('html-output');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="html-output"]').getByRole('heading')).toHaveText('Welcome to Invigil');
  expect(await page.title()).not.toBe('owned');
  await shootBoth(page, 'coding-html', () => page.getByTestId('html-output').scrollIntoViewIfNeeded());

  // Submit: the score comes from all the test cases (4 of sumOf + 2 of SQL + 2 of HTML of 18).
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Finish Test' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Finish Test' })).toContainText('Your score: 8 / 18 (44.44%)', {
    timeout: 60_000,
  });
});
