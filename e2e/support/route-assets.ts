// What the login and dashboard routes download: every JS and CSS response a cold page loads,
// gzipped one by one. Shared by the route budget test (e2e/bundle-budget.spec.ts, in npm test)
// and the web load bench (bench/web-load), so both measure the same way (ADR 0040).
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** ADR 0040: each route loads at most 150 KB of gzipped JS and CSS (1 KB = 1024 bytes). */
export const ROUTE_BUDGET_BYTES = 150 * 1024;

/** The bench's and the budget's account (the demo candidate, who has pending tests). */
export const ROUTE_USER = { email: 'candidate@example.com', password: 'Candidate@123' };

export interface Asset {
  url: string;
  type: string;
  raw: number;
  /** zlib.gzip at its default level (6) of the response body. */
  gzip: number;
  /** Bytes on the wire as Chromium counted them (encodedDataLength). */
  wire: number;
}

/** Records every JS and CSS response a page loads (raw, gzip -6 and bytes on the wire). */
async function recordAssets(page: Page): Promise<() => Promise<Asset[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const wire = new Map<string, number>();
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const u = urls.get(e.requestId);
    if (u) wire.set(u, e.encodedDataLength);
  });
  const pending: Array<Promise<Asset | null>> = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      res
        .body()
        .then((b) => ({ url: new URL(res.url()).pathname, type, raw: b.length, gzip: gzipSync(b).length, wire: 0 }))
        .catch(() => null),
    );
  });
  return async () => {
    const list = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
    for (const a of list) a.wire = [...wire.entries()].find(([u]) => u.endsWith(a.url))?.[1] ?? 0;
    return list;
  };
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
export const sum = (list: Asset[], k: 'raw' | 'gzip' | 'wire') => list.reduce((s, a) => s + a[k], 0);

/** Signs in through the API and sets the cookies and tab mark the web app reads, as the login screen does. */
export async function signInCookies(context: BrowserContext, base: string, user = ROUTE_USER) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: user.email, password: user.password, regen: true }),
  });
  const body = (await res.json()) as {
    token: string;
    role: string;
    userId: number;
    userdetail: { email: string; firstname: string; lastname: string; organization_id?: number | null };
  };
  const u = body.userdetail;
  const cookies = {
    token: body.token,
    login: 'true',
    role: body.role,
    userId: String(body.userId),
    email: u.email,
    userName: `${u.firstname} ${u.lastname}`,
    sessionTime: '0',
    org: String(u.organization_id ?? ''),
  };
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value: encodeURIComponent(value), url: base })),
  );
  // The tab that signs in holds the sign-in (ADR 0232); without it the page would find a sign-in
  // no open tab holds (its tabs closed) and end it.
  await context.addInitScript((token) => sessionStorage.setItem('signedInTab', token), body.token);
}

/** The dashboard is interactive when the pending list's first enabled action can be clicked. */
export const interactive = (page: Page, timeout = 180_000) =>
  page
    .getByRole('button', { name: /^(Take Test Online|Take Survey Online|Resume):/ })
    .first()
    .waitFor({ state: 'visible', timeout });

async function inContext<T>(browser: Browser, use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

/** The JS and CSS the login screen loads from a cold cache, until the network is idle. */
export const measureLogin = (browser: Browser, base: string, timeout = 180_000) =>
  inContext(browser, async (context) => {
    const page = await context.newPage();
    const done = await recordAssets(page);
    await page.goto(`${base}/v2/user/login`, { waitUntil: 'networkidle', timeout });
    return done();
  });

/** The same for the signed-in dashboard, until it is interactive and the network is idle. */
export const measureDashboard = (browser: Browser, base: string, timeout = 180_000) =>
  inContext(browser, async (context) => {
    await signInCookies(context, base);
    const page = await context.newPage();
    const done = await recordAssets(page);
    await page.goto(`${base}/v2/user/dashboard`, { timeout });
    await interactive(page, timeout);
    await page.waitForLoadState('networkidle', { timeout });
    return done();
  });

/** Both routes, unthrottled, each from a cold cache. */
export async function measureRoutes(browser: Browser, base: string) {
  return { login: await measureLogin(browser, base), dashboard: await measureDashboard(browser, base) };
}

/** One line for the route, then one per file, largest first. */
export function describeRoute(route: string, list: Asset[]): string[] {
  return [
    `${route} route: ${list.length} JS/CSS files, raw ${kb(sum(list, 'raw'))}, gzip ${kb(sum(list, 'gzip'))}, on the wire ${kb(sum(list, 'wire'))}`,
    ...[...list]
      .sort((x, y) => y.gzip - x.gzip)
      .map((a) => `  ${a.type.padEnd(10)} ${kb(a.gzip).padStart(9)} gz ${kb(a.raw).padStart(9)} raw  ${a.url}`),
  ];
}
