import type { Page } from '@playwright/test';
import { expect, test } from './support/server.ts';
import { signIn, USERS } from './support/auth.ts';
import { openTest } from './support/test-engine.ts';

/** Visible buttons and links (not links inside a sentence) shorter or narrower than `min` px. */
async function smallTargets(page: Page, min = 40): Promise<string[]> {
  return page.locator('button:visible, a[href]:not(p a):visible').evaluateAll(
    (els, m) =>
      els
        .map((e) => ({ e, b: e.getBoundingClientRect() }))
        .filter(({ b }) => b.height < m || b.width < m)
        .map(({ e, b }) => `${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim()} ${b.width}x${b.height}`),
    min,
  );
}

test.describe('a new candidate on a phone (375 px)', () => {
  test('every button is a tap target of at least 40 px: dashboard lists, Practice, Completed, profile', async ({
    page,
  }) => {
    await signIn(page, USERS.candidate);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByText('Kindly click on the Link under Action column to proceed.')).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Practice', { exact: true }).click();
    await expect(page.getByRole('button', { name: /^Apply/ }).first()).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Completed', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await page.goto('/v2/user/profile');
    await expect(page.getByLabel('First Name')).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
  });

  test('the test shell: Test Instructions and Flag this question are 40 px tap targets too', async ({ page }) => {
    // the other candidate's copy: attempt-time-out lets the first candidate's run out, and each
    // worker's server is shared by the spec files it runs
    await openTest(page, USERS.candidate2, 'Two-Minute Quick Test');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('link', { name: 'Flag this question' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
  });
});

test('the username field does not spell check or capitalise what is typed', async ({ page }) => {
  await page.goto('/v2/user/login');
  const user = page.getByLabel('Username');
  await expect(user).toHaveAttribute('autocapitalize', 'none');
  expect(await user.evaluate((e: HTMLInputElement) => e.spellcheck)).toBe(false);
});

test('each screen has one main landmark and its title as the level-one heading', async ({ page }) => {
  await signIn(page, USERS.candidate);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.goto('/v2/user/profile');
  await expect(page.getByLabel('First Name')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('tab', { name: 'Password' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: USERS.candidate.name })).toBeVisible();
});

test('keyboard: Esc or Cancel in Select Test Language gives the focus back to the row button', async ({ page }) => {
  // an item no other spec starts (a started one resumes without the modal), found
  // by menu, organisation and group: the dashboard restores whatever an earlier spec left open
  await signIn(page, USERS.candidate);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Tests', exact: true }).click();
  const org = page.getByRole('combobox', { name: 'Organization' });
  if (!((await org.textContent()) ?? '').includes('Northwind Academy')) {
    await org.click();
    await page.getByRole('option', { name: 'Northwind Academy' }).click();
  }
  await page.getByRole('button', { name: 'Test Engine Demo' }).click();
  const take = page
    .getByRole('row', { name: /Course Feedback Form/ })
    .getByRole('button', { name: /^Take Survey Online/ });
  for (const close of ['Escape', 'Cancel']) {
    await take.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Select Test Language' });
    await expect(dialog).toBeVisible();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(take).toBeFocused();
  }
});
