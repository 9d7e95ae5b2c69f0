import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { USERS, signIn } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { fakeMedia, launchWithFakes } from './support/fake-devices.ts';

// The pre-test device setup with Chromium's fake camera and microphone fed from files made here
// (ffmpeg from the shipped fixture pictures, espeak-ng and sox for the voice).
const EXAM = 'Two-Minute Quick Test';
const shots = path.resolve(import.meta.dirname, '.artifacts/device-setup');
const MONITORED = {
  photo_timer: 120,
  photo_matching: false,
  photo_action: 'C',
  speaker_dialect: true,
  audio_action: 'C',
  monitoring: true,
};

let media: ReturnType<typeof fakeMedia>;
test.beforeAll(() => {
  media = fakeMedia();
  mkdirSync(shots, { recursive: true });
});

/** Sets `testType` on every row of the test in a dashboard reply. */
function retype(node: unknown, testType: number): void {
  if (Array.isArray(node)) return node.forEach((n) => retype(n, testType));
  if (!node || typeof node !== 'object') return;
  const row = node as Record<string, unknown>;
  if (row.examName === EXAM && 'testType' in row) row.testType = testType;
  Object.values(row).forEach((v) => retype(v, testType));
}

/** A signed-in page of a browser fed by the given camera clip, the demo test made monitored. */
async function open(browser: Browser, baseURL: string, logs: string[] = [], testType?: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('request', (r) => {
    if (r.url().endsWith('/api/mobile-testing/store-permission-logs')) logs.push(r.postDataJSON().event);
  });
  // Ravi's copy of the two-minute test is not monitored in the demo data: answer its monitoring
  // settings as a monitored test's (side by side, speaker check and camera on).
  await page.route('**/api/test/getMonitoringData', (route) => route.fulfill({ json: { result: MONITORED } }));
  if (testType !== undefined) {
    // The sequential layout is for test types 14 and 15: show the demo test's row as one.
    await page.route(/\/api\/dashboard\/(menu|userHome)$/, async (route) => {
      const json: unknown = await (await route.fetch()).json();
      retype(json, testType);
      await route.fulfill({ json });
    });
  }
  await signIn(page, USERS.candidate2);
  await startRow(page);
  return page;
}

/** From the dashboard: Tests, Northwind Academy, the demo group, the test's Take/Resume button. */
async function startRow(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Tests', exact: true }).click();
  const org = page.getByRole('combobox', { name: 'Organization' });
  if (!((await org.textContent()) ?? '').includes('Northwind Academy')) {
    await org.click();
    await page.getByRole('option', { name: 'Northwind Academy' }).click();
  }
  await page.getByRole('button', { name: 'Test Engine Demo' }).click();
  await page
    .getByRole('row', { name: new RegExp(EXAM) })
    .getByRole('button')
    .click();
  const language = page.getByRole('dialog', { name: 'Select Test Language' });
  const setup = page.getByRole('heading', { name: 'Device Setup' });
  await expect(language.or(setup).first()).toBeVisible();
  if (await language.isVisible()) {
    await language.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
  }
  await expect(setup).toBeVisible();
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function passMicrophone(page: Page) {
  const audio = page.getByRole('region', { name: 'Audio Setup' });
  await audio.getByRole('button', { name: 'Test Microphone' }).click();
  await expect(audio.getByText('Your microphone is working.')).toBeVisible();
}

async function capture(page: Page) {
  const camera = page.getByRole('region', { name: 'Camera Setup' });
  await expect(camera.getByRole('button', { name: 'Capture Image' })).toBeEnabled();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/test/savePrimaryImage'));
  await camera.getByRole('button', { name: 'Capture Image' }).click();
  return { camera, reply: await saved };
}

test('test type 14: the microphone step, then the camera step at 450x300', async ({ baseURL }) => {
  const browser = await launchWithFakes(media.oneFace, media.audio);
  try {
    const page = await open(browser, baseURL!, [], 14);
    const audio = page.getByRole('region', { name: 'Audio Setup' });
    await expect(audio).toBeVisible();
    await expect(page.getByRole('region', { name: 'Camera Setup' })).toHaveCount(0);
    await audio.getByRole('button', { name: 'Test Microphone' }).click();
    await expect(audio.getByText('Your microphone is working.')).toBeVisible();
    await shoot(page, 'sequential-mic');
    await audio.getByRole('button', { name: 'Continue to Camera Test' }).click();
    const camera = page.getByRole('region', { name: 'Camera Setup' });
    await expect(camera.getByLabel('Camera preview')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audio Setup' })).toHaveCount(0);
    const box = (await camera.getByLabel('Camera preview').boundingBox())!;
    expect(Math.round(box.width)).toBe(450);
    expect(Math.round(box.height)).toBe(300);
    await shoot(page, 'sequential-camera');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('no face is refused with the spec text and Click Again resets', async ({ baseURL }) => {
  const browser = await launchWithFakes(media.noFace, media.audio);
  try {
    const page = await open(browser, baseURL!);
    await passMicrophone(page);
    const { camera, reply } = await capture(page);
    expect(reply.status()).toBe(422);
    expect((await reply.json()).outcome).toBe('N');
    await expect(camera.getByText('Your face is not visible, please come closer to the camera.')).toBeVisible();
    await expect(camera.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
    await shoot(page, 'no-face');
    expect(await seriousViolations(page)).toEqual([]);
    await camera.getByRole('button', { name: 'Click Again' }).click();
    await expect(camera.getByRole('button', { name: 'Capture Image' })).toBeEnabled();
  } finally {
    await browser.close();
  }
});

test('two faces are refused with the spec text', async ({ baseURL }) => {
  const browser = await launchWithFakes(media.twoFaces, media.audio);
  try {
    const page = await open(browser, baseURL!);
    await passMicrophone(page);
    const { camera, reply } = await capture(page);
    expect(reply.status()).toBe(422);
    expect((await reply.json()).outcome).toBe('M');
    await expect(
      camera.getByText('Multiple faces are getting detected, click again to proceed further.'),
    ).toBeVisible();
    await shoot(page, 'two-faces');
  } finally {
    await browser.close();
  }
});

test('permission denied shows the permission dialog, then the troubleshooting page', async ({ baseURL }) => {
  // No fake UI and no granted permission: Chromium refuses getUserMedia (NotAllowedError).
  const browser = await launchWithFakes(media.oneFace, media.audio, false);
  try {
    const logs: string[] = [];
    const page = await open(browser, baseURL!, logs);
    const dialog = page.getByRole('dialog', { name: 'Permissions Required' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'Web cam / Microphone access is mandatory for this Assessment. We regret to inform you that you cannot proceed ahead with the test!',
    );
    await expect(dialog.getByRole('img', { name: /Desktop/ })).toBeVisible();
    await expect.poll(() => logs).toEqual(['permission_denied']);
    await shoot(page, 'permission');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Error Message: Looks like your Microphone is NOT working.')).toBeVisible();
    await shoot(page, 'troubleshooting');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/v2\/user\/dashboard$/);
  } finally {
    await browser.close();
  }
});

// Last: it starts the attempt, which then resumes (status 001).
test('one face: microphone and camera pass, the primary image is saved and the test opens', async ({ baseURL }) => {
  const browser = await launchWithFakes(media.oneFace, media.audio);
  try {
    const logs: string[] = [];
    const page = await open(browser, baseURL!, logs);
    const camera = page.getByRole('region', { name: 'Camera Setup' });
    await expect.poll(() => logs).toEqual(['permission_granted']);
    await expect(
      camera.getByText('Please enable access for microphone then you will capture the image.'),
    ).toBeVisible();
    await shoot(page, 'idle');
    expect(await seriousViolations(page)).toEqual([]);
    await passMicrophone(page);
    // Hold the save a moment so the processing state can be seen.
    await page.route('**/api/test/savePrimaryImage', async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue();
    });
    const saving = capture(page);
    await expect(camera.getByText('Please wait till our AI detects your face')).toBeVisible();
    await shoot(page, 'processing');
    const { reply } = await saving;
    const body = JSON.parse(reply.request().postData() ?? '{}');
    expect(body.imagePath).toMatch(/^data:image\/jpeg;base64,/);
    expect(reply.status()).toBe(200);
    await expect(camera.getByText('Webcam has been configured successfully.')).toBeVisible();
    await expect(page.getByText('Primary image successfully detected and uploaded!')).toBeVisible();
    await shoot(page, 'success');
    expect(await seriousViolations(page)).toEqual([]);
    await camera.getByRole('button', { name: 'Proceed' }).click();
    // The instruction page of the test, then the test itself.
    await expect(page.getByRole('heading', { name: 'Device Setup' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('heading', { name: /^Q\.1 of \d+$/ })).toBeVisible();
    // Resumed (status 001): the camera setup is skipped, the speaker check's microphone test stays.
    await page.goto('/v2/user/dashboard');
    await startRow(page);
    await expect(page.getByRole('region', { name: 'Audio Setup' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Camera Setup' })).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
