import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect, test } from './support/server.ts';
import { signIn, USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { fakeMedia, launchWithFakes } from './support/fake-devices.ts';
import { shootBoth } from './support/screenshots.ts';
import { openFromDashboard } from './support/test-engine.ts';

/**
 * Issue 14 in Chromium with fake devices (a face on camera, a 35-second espeak-ng answer on the
 * microphone): a spoken answer (the play limit, counted by the server across a reload, the short-recording refusal, an upload that loses
 * its link halfway and finishes), a video answer (confirmation, countdown, an upload resumed after a
 * reload), a spoken answer still uploading when the time runs out that arrives after a reload on the
 * dashboard (ADR 0195), then the recordings reachable by support. Uploads are throttled with Chromium's
 * network emulation so "halfway" can be seen.
 */
const GROUP = 'Recorded Answers Demo';
const EXAM = 'Spoken and Video Answers';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let examId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const media = fakeMedia();
  browser = await launchWithFakes(media.oneFace, media.answer);
});
test.afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Chromium's upload throttle (bytes per second), or none (one DevTools session: conditions are per session). */
async function throttle(bytesPerSecond: number | null) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond ? 50 : 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

const percentSent = async (p: Page) =>
  Number(((await p.getByTestId('upload-percent').innerText()).match(/\d+/) ?? ['0'])[0]);

async function resumeTest(p: Page) {
  examId = await openFromDashboard(p, EXAM, undefined, GROUP);
  await p.getByRole('button', { name: /^(Start|Resume)$/ }).click();
  await expect(p.getByTestId('question-page')).toBeVisible();
}

test('a spoken answer: three plays, the short refusal, an upload that survives a dropped link', async ({ baseURL }) => {
  test.setTimeout(150_000);
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  await signIn(page, USERS.candidate2);
  await resumeTest(page);
  const view = page.getByTestId('spoken-view');
  await expect(view).toHaveAttribute('data-phase', 'idle');
  await expect(page.getByText('Q.1 of 4')).toBeVisible();
  await shootBoth(page, 'recording-spoken-idle');

  // The question audio: three plays, each asked of the server (a signed URL per play); the
  // fourth is refused and the player hidden. The file's own path does not play outside the test.
  const direct = await page.request.get('/media/exam-demo/spoken-question.mp3');
  expect(direct.status()).toBe(403);
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('question-audio-play').click();
    await page.getByTestId('question-audio').evaluate(async (el: HTMLAudioElement) => {
      if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
      el.currentTime = Math.max(0, el.duration - 0.05);
      if (!el.ended) await new Promise((r) => el.addEventListener('ended', r, { once: true }));
    });
    await expect(page.getByTestId('question-audio-play')).toBeVisible();
    if (i === 0) await shootBoth(page, 'recording-spoken-played-once');
  }
  await expect(page.getByTestId('plays-left')).toHaveText('Plays left: 0 of 3');
  await page.getByTestId('question-audio-play').click();
  await expect(page.getByTestId('play-limit')).toHaveText('Limit reached: Play audio up to 3 times only.');
  await shootBoth(page, 'recording-spoken-play-limit');
  // The server counted the plays: the test opened again still shows the limit.
  await page.reload();
  await resumeTest(page);
  // the engine resumes after the last question touched: back to Q.1
  if (!(await page.getByText('Q.1 of 4').isVisible()))
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByText('Q.1 of 4')).toBeVisible();
  await expect(page.getByTestId('play-limit')).toHaveText('Limit reached: Play audio up to 3 times only.');
  await expect(page.getByTestId('question-audio-play')).toHaveCount(0);

  // Stopped at a few seconds: the Recording Limit dialog, then (stopped anyway) Duration Too Short.
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expect(page.getByTestId('recording-timer')).toContainText('0:02');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await shootBoth(page, 'recording-spoken-recording');
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  const limit = page.getByRole('dialog', { name: 'Recording Limit' });
  await expect(limit).toBeVisible();
  await shootBoth(page, 'recording-spoken-limit');
  await limit.getByRole('button', { name: 'Stop', exact: true }).click();
  const short = page.getByRole('dialog', { name: 'Duration Too Short' });
  await expect(short).toBeVisible();
  expect((await short.boundingBox())?.width).toBe(380);
  expect(await seriousViolations(page)).toEqual([]);
  await shootBoth(page, 'recording-spoken-short');
  await short.getByRole('button', { name: 'Retry' }).click();
  await expect(view).toHaveAttribute('data-phase', 'idle');

  // 31 seconds, then the upload (throttled): the link drops halfway and comes back.
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expect(page.getByTestId('recording-timer')).toContainText('0:31', { timeout: 40_000 });
  await throttle(12 * 1024);
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  const uploading = page.getByRole('dialog', { name: 'Uploading your answer' });
  await expect(uploading).toBeVisible();
  await expect.poll(() => percentSent(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
  await context.setOffline(true);
  await expect(uploading.getByRole('alert')).toContainText('The connection dropped');
  const before = await percentSent(page);
  expect(before).toBeLessThan(100);
  await shootBoth(page, 'recording-spoken-offline');
  await context.setOffline(false);
  await throttle(null);
  await expect(page.getByTestId('spoken-saved')).toHaveText('Your answer has been saved.', { timeout: 30_000 });
  await expect(view).toHaveAttribute('data-phase', 'answered');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await shootBoth(page, 'recording-spoken-saved');
});

test('a video answer: confirmation, countdown, live timer, an upload resumed after a reload', async () => {
  test.setTimeout(150_000);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Q.3 of 4')).toBeVisible();
  const view = page.getByTestId('video-view');
  await page.getByRole('button', { name: 'Start Recording' }).click();
  const confirm = page.getByRole('dialog', { name: 'Start Recording' });
  await expect(confirm).toBeVisible();
  await shootBoth(page, 'recording-video-confirm');
  // the still is taken and sent as recording starts
  const still = page.waitForResponse((r) => r.url().endsWith('/api/test/uploadImg'), { timeout: 30_000 });
  await confirm.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('timer', { name: /Recording starts in/ })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/recording-video-countdown-1280.png' });
  await expect(page.getByTestId('video-timer')).toBeVisible();
  expect((await still).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Start Recording' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeDisabled();
  await shootBoth(page, 'recording-video-recording');
  await expect(page.getByTestId('video-timer')).toContainText('00.31 min', { timeout: 40_000 });

  await throttle(100 * 1024);
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(page.getByRole('dialog', { name: 'Uploading your answer' })).toBeVisible();
  await expect.poll(() => percentSent(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
  await shootBoth(page, 'recording-video-uploading');

  // A reload mid-upload: the test is opened again and the upload goes on from the server's offset.
  const offsets: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/uploads/')) offsets.push(Number(r.headers()['upload-offset']));
  });
  // Still throttled: the dashboard's load resumes it at once (ADR 0195), the test's dialog shows it.
  await page.reload();
  await resumeTest(page);
  const resumed = page.getByRole('dialog', { name: 'Uploading your answer' });
  await expect(resumed).toBeVisible();
  await throttle(null);
  await expect(resumed).toBeHidden({ timeout: 90_000 });
  expect(offsets.length).toBeGreaterThan(0);
  expect(offsets[0]).toBeGreaterThan(0);
  // The answer is the server's: question 3 is Answered, saved with its recorded time.
  if (!(await view.isVisible())) {
    await page.getByRole('button', { name: /Question \d+ \/ 4/ }).click();
    await page.getByRole('dialog', { name: 'Question numbers' }).getByRole('button', { name: '3: Answered' }).click();
  }
  await expect(view.getByTestId('video-saved')).toContainText('Video saved successfully !', { timeout: 60_000 });
  await expect(view.getByTestId('video-saved')).toContainText(/Recorded time: 00\.3\d min/);
  await expect(page.getByRole('button', { name: 'Start Recording' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await shootBoth(page, 'recording-video-saved');
});

test('a spoken answer still uploading at the time-out arrives after a reload on the dashboard', async () => {
  test.setTimeout(180_000);
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByText('Q.2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expect(page.getByTestId('recording-timer')).toContainText('0:31', { timeout: 40_000 });
  await throttle(12 * 1024);
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  // The server created the upload while the test was open and has part of it; then the link drops.
  await expect.poll(() => percentSent(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
  await page.route('**/api/uploads/**', (r) => r.abort('internetdisconnected'));

  // The browser's clock is taken over (a reload: the countdown runs on it) to reach the time-out;
  // the reload cuts the PATCH under way (still throttled), the server keeps what it received.
  await page.clock.install();
  await page.reload();
  await throttle(null);
  await resumeTest(page);
  await expect(page.getByRole('dialog', { name: 'Uploading your answer' }).getByRole('alert')).toContainText(
    'The connection dropped',
    { timeout: 30_000 },
  );
  // The server's clock still has time: at zero the page asks it (ADR 0231). That call is cut, so
  // the page's own zero ends the test, as it does offline.
  await page.route('**/api/test/answeredQts', (r) => r.abort('internetdisconnected'));
  await page.clock.fastForward('31:00');
  const timeUp = page.getByRole('dialog', { name: 'System Warning' });
  await expect(timeUp).toContainText("Time's up!", { timeout: 30_000 });
  await timeUp.getByRole('button').click();
  await page.unroute('**/api/test/answeredQts');
  const still = page.getByTestId('recordings-still-uploading');
  await expect(still).toHaveText(
    'Your recorded answers are still being uploaded. Keep this page open until this message goes away.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shootBoth(page, 'recording-thank-you-uploading');

  // A reload (the dashboard): its load sends the rest from the server's offset, checked and kept.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/test/uploadaudio'), { timeout: 90_000 });
  const patched = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/uploads/'), {
    timeout: 60_000,
  });
  await page.unroute('**/api/uploads/**');
  const offset = Number((await patched).headers()['upload-offset']);
  const reply = await kept;
  expect(reply.status()).toBe(200);
  expect((await reply.json()).answer).toMatchObject({
    qid: expect.any(Number),
    answerResourcePath: expect.stringMatching(/^\/api\/result\/files\//),
  });
  // resumed from the byte the server had, not sent again from the first
  expect(offset).toBeGreaterThan(0);
  // Kept: the browser holds nothing more to send.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const r = indexedDB.open('invigil-recordings', 1);
            r.onsuccess = () => {
              const c = r.result.transaction('pending').objectStore('pending').count();
              c.onsuccess = () => resolve(c.result);
            };
          }),
      ),
    )
    .toBe(0);
});

test('after the time-out, support plays the three recordings from the attempt timeline', async ({ baseURL }) => {
  const staff = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const support = await staff.newPage();
  await signIn(support, USERS.support);
  await support.getByLabel('Email Id').fill(USERS.candidate2.email);
  await support.getByRole('button', { name: 'Search User Tests' }).click();
  const row = support
    .getByRole('table', { name: 'User tests' })
    .getByRole('row')
    .filter({ hasText: String(examId) });
  await row.getByRole('button', { name: /^Timeline/ }).click();
  const dialog = support.getByRole('dialog', { name: 'Attempt timeline' });
  const kept = dialog.getByTestId('timeline-events').locator('li[data-kind="recording"]');
  await expect(kept).toHaveCount(3);
  await kept.first().getByRole('button', { name: 'View recording' }).click();
  const media = dialog.getByTestId('attempt-media');
  await expect(media.getByRole('heading', { name: 'Recordings (3)' })).toBeVisible();
  await expect(media).toContainText('Spoken answer');
  await expect(media).toContainText('Video answer');
  // Each player streams through a signed URL (no token) and can read the recording's length.
  for (const player of await media.locator('audio, video').all()) {
    expect(await player.getAttribute('src')).toMatch(/^\/api\/media\/signed\/recordings\/\d+\//);
    await expect
      .poll(() => player.evaluate((m: HTMLMediaElement) => m.duration), { timeout: 20_000 })
      .toBeGreaterThan(30);
  }
  expect(await seriousViolations(support)).toEqual([]);
  await shootBoth(support, 'recording-support-media');
  await staff.close();
});
