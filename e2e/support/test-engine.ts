import { expect, type Page } from '@playwright/test';
import { signIn } from './auth.ts';

const ENGINE_GROUP = 'Test Engine Demo';

/** Signs in, opens the test engine group and starts (or resumes) the named item from the dashboard. */
export async function openTest(
  page: Page,
  user: { email: string; password: string },
  examName: string,
  language?: RegExp,
  group = ENGINE_GROUP,
): Promise<number> {
  await signIn(page, user);
  return openFromDashboard(page, examName, language, group);
}

/**
 * From the dashboard: Tests, Northwind Academy (where the demo groups live), the group, then the
 * test's Take/Resume button. The dashboard restores the last menu and organisation, which an
 * earlier test may have left on Survey or another organisation.
 */
export async function clickGroupTest(page: Page, group: string, examName: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Tests', exact: true }).click();
  const org = page.getByRole('combobox', { name: 'Organization' });
  await expect(org).toBeVisible();
  if (!((await org.textContent()) ?? '').includes('Northwind Academy')) {
    await org.click();
    await page.getByRole('option', { name: 'Northwind Academy' }).click();
  }
  await page.getByRole('button', { name: group }).click();
  const row = page.getByRole('row', { name: new RegExp(examName.replace(/[()/]/g, '.')) });
  await row.getByRole('button').click();
}

/** Returns the user-exam id the engine loaded. */
export async function openFromDashboard(
  page: Page,
  examName: string,
  language?: RegExp,
  group = ENGINE_GROUP,
): Promise<number> {
  const loaded = page.waitForRequest((r) => r.url().endsWith('/api/test/userTest'));
  await clickGroupTest(page, group, examName);
  const start = page.getByRole('button', { name: /^(Start|Resume)$/ });
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await expect(start.or(proceed).first()).toBeVisible();
  if (await proceed.isVisible()) {
    if (language) await page.getByRole('dialog').getByRole('radio', { name: language }).check();
    await proceed.click();
    await page.getByRole('button', { name: 'Yes' }).click();
  }
  await expect(start).toBeVisible();
  return Number(JSON.parse((await loaded).postData() ?? '{}').examId);
}

/** The token of the signed-in page, for API checks. */
export async function token(page: Page): Promise<string> {
  const c = (await page.context().cookies()).find((x) => x.name === 'token');
  return decodeURIComponent(c?.value ?? '');
}

export const countdownSeconds = async (page: Page) => {
  const [h, m, s] = (await page.getByTestId('countdown').innerText()).split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};

export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

/** Closes the last-question notice if it is up. */
export async function dismissNotice(page: Page) {
  const ok = page.getByRole('dialog', { name: 'Last question' }).getByRole('button', { name: 'Ok' });
  if (await ok.isVisible()) await ok.click();
  await expect(page.getByRole('dialog', { name: 'Last question' })).toBeHidden();
}

/** The demo test with every non-media question type. */
export const ALL_TYPES = 'All Question Types Demo';
/** Decodes the engine's base64url JSON payloads. */
export const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));

/** Calls the API with the page's session. */
export async function api(page: Page, url: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await token(page)}` };
  const res =
    data === undefined ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  return { status: res.status(), body: await res.json() };
}

/** Waits for the heading of question n. */
export const question = (page: Page, n: number) =>
  expect(page.getByRole('heading', { name: new RegExp(`^Q\\.${n} of \\d+$`) })).toBeVisible();
/** Waits until the save status says every answer is saved. */
export const saved = (page: Page) =>
  expect(page.getByRole('status', { name: 'All answers saved' })).toBeVisible({ timeout: 15_000 });

/** Keyboard reordering of Column B (dnd-kit: Space, arrows, Space) into `want`. */
export async function orderColumnB(page: Page, want: string[]) {
  const columnB = page.getByLabel('Column B', { exact: true });
  for (let target = 0; target < want.length; target++) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const texts = (await columnB.getByRole('button').allInnerTexts()).map((x) => x.trim());
      const from = texts.indexOf(want[target]!);
      if (from === target) break;
      await columnB.getByRole('button', { name: want[target] }).focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
      for (let i = 0; i < from - target; i++) {
        await page.keyboard.press('ArrowUp');
        await page.waitForTimeout(250);
      }
      await page.keyboard.press('Space');
      await page.waitForTimeout(400);
    }
  }
  await expect.poll(async () => (await columnB.getByRole('button').allInnerTexts()).map((x) => x.trim())).toEqual(want);
}
