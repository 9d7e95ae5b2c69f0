import { type Page } from '@playwright/test';
import { signIn, USERS } from './support/auth.ts';
import { expect, test } from './support/server.ts';

const main = (page: Page) => page.getByRole('main');

/** Every Take Test Online / Resume button lies wholly inside the content area (none cut at the side). */
async function actionsInside(page: Page) {
  const area = (await main(page).boundingBox())!;
  const actions = main(page).getByRole('button', { name: /^(Take Test Online|Resume)/ });
  await expect(actions.first()).toBeVisible();
  for (const action of await actions.all()) {
    const box = (await action.boundingBox())!;
    expect(box.x + box.width, `${await action.innerText()} ends inside the content`).toBeLessThanOrEqual(
      area.x + area.width,
    );
  }
}

test.describe('lists fit their place (no Action button cut at the side)', () => {
  test('at 768 px, with the menu beside the content, the pending list shows its rows as cards', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await signIn(page, USERS.candidate);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Tests', exact: true })
      .click();
    await main(page).getByRole('combobox', { name: 'Organization' }).selectOption({ label: 'Northwind Academy' });
    await expect(
      main(page)
        .getByRole('button', { name: /^Take Test Online/ })
        .first(),
    ).toBeVisible();
    await actionsInside(page);
    await expect(main(page).getByRole('table')).toHaveCount(0);

    // Wide enough again: the same list is a table with its columns.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await expect(main(page).getByRole('columnheader', { name: 'Action' })).toBeVisible();
    await actionsInside(page);
  });
});
