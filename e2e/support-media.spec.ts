import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/server.ts';
import { signIn, USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { shootBoth } from './support/screenshots.ts';

/**
 * Issue 14 (media storage): support reaches an attempt's pictures from its timeline through
 * short-lived signed URLs. The candidate's pictures are stored through the API calls the
 * proctoring screens make (photoCheck analyses on the server, saveImage, saveErrorImage).
 */
test.describe.configure({ timeout: 120_000 });

const ARJUN = { email: 'arjun.ops@example.com', password: 'Candidate@123' };
const fixture = (name: string) =>
  `data:image/jpeg;base64,${readFileSync(new URL(`../packages/analysis/test/fixtures/${name}`, import.meta.url)).toString('base64')}`;

async function token(request: APIRequestContext, user: { email: string; password: string }) {
  const res = await request.post('/api/login', {
    data: { userName: user.email, password: user.password, regen: true },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test('support opens the pictures of an attempt from its timeline; the links are signed and short-lived', async ({
  page,
  request,
}) => {
  // Arjun's current attempt (the newest in progress), found as support would.
  const staff = await token(request, USERS.support);
  const search = await request.post('/api/test/searchUserOrg', { headers: staff, data: { username: ARJUN.email } });
  const rows = (await search.json()).data.data as Array<{ userexams_id: number; status: string }>;
  const id = Math.max(...rows.filter((r) => r.status === '001').map((r) => r.userexams_id));
  const arjun = await token(request, ARJUN);
  const check = await request.post('/api/proctoring/photoCheck', {
    headers: arjun,
    data: { userexamid: id, imagePath: fixture('astronaut.jpg') },
  });
  expect(check.status()).toBe(200);
  for (const [url, data] of [
    ['/api/test/saveImage', { imagePath: fixture('chelsea.jpg') }],
    ['/api/test/saveErrorImage', { imagePath: fixture('coffee.jpg'), error: 'N' }],
  ] as const)
    expect((await request.post(url, { headers: arjun, data: { userexamid: id, ...data } })).status()).toBe(200);

  await signIn(page, USERS.support);
  await page.getByLabel('Email Id').fill(ARJUN.email);
  await page.getByRole('button', { name: 'Search User Tests' }).click();
  const row = page
    .getByRole('table', { name: 'User tests' })
    .getByRole('row')
    .filter({ hasText: String(id) });
  await row.getByRole('button', { name: /^Timeline/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Attempt timeline' });
  const photo = dialog.getByTestId('timeline-events').locator('li[data-kind="proctoring.photo"]');
  await expect(photo).toContainText('Photo check');

  await expect(photo.getByRole('button', { name: 'View picture' })).toBeVisible();
  await shootBoth(page, 'support-timeline-picture-link');
  // The event's link opens the pictures tab on that picture.
  await photo.getByRole('button', { name: 'View picture' }).click();
  await expect(dialog.getByRole('tab', { name: 'Pictures and recordings' })).toHaveAttribute('aria-selected', 'true');
  const media = dialog.getByTestId('attempt-media');
  await expect(media.getByRole('heading', { name: 'Pictures (3)' })).toBeVisible();
  const images = media.getByRole('img');
  await expect(images).toHaveCount(3);
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(media.getByText('Flagged picture')).toBeVisible();
  const src = (await images.first().getAttribute('src'))!;
  expect(src).toMatch(/^\/api\/media\/signed\/proctoring\/\d+\/.+\.jpg\?exp=\d+&d=i&sig=[0-9a-f]{64}$/);
  await shootBoth(page, 'support-attempt-media');
  expect(await seriousViolations(page)).toEqual([]);

  // The link opens the picture full size; no token needed, an altered one is refused.
  const opened = page.waitForEvent('popup');
  await media
    .getByRole('link', { name: /^Open Periodic picture/ })
    .first()
    .click();
  const popup = await opened;
  await popup.waitForLoadState();
  expect(popup.url()).toContain('/api/media/signed/proctoring/');
  await popup.close();
  const plain = await request.get(src, { headers: {} });
  expect(plain.headers()['content-type']).toBe('image/jpeg');
  const altered = await request.get(src.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`));
  expect(altered.status()).toBe(403);
  expect((await altered.json()).message).toContain('This media link is not valid');
});
