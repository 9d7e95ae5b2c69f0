import { expect, test } from '@playwright/test';
import {
  type Asset,
  describeRoute,
  kb,
  measureDashboard,
  measureLogin,
  ROUTE_BUDGET_BYTES,
  sum,
} from './support/route-assets.ts';

// ADR 0040: the login route and the dashboard route each load at most 150 KB of gzipped JS and
// CSS. Measured on the built app as bench/web-load measures it (every JS/CSS response of a cold
// page, gzipped one by one). The file name sorts first, so the demo data is fresh (the dashboard
// opens on the Tests list, as in the bench).
const ROUTES = { login: measureLogin, dashboard: measureDashboard };

for (const [route, measure] of Object.entries(ROUTES)) {
  test(`the ${route} route loads at most ${kb(ROUTE_BUDGET_BYTES)} of gzipped JS and CSS`, async ({
    browser,
    baseURL,
  }) => {
    const list: Asset[] = await measure(browser, baseURL!, 30_000);
    console.log(describeRoute(route, list).join('\n'));
    const total = sum(list, 'gzip');
    expect(
      total,
      `${route} route: ${kb(total)} gzipped JS+CSS in ${list.length} file${list.length === 1 ? '' : 's'}, budget ${kb(ROUTE_BUDGET_BYTES)}`,
    ).toBeLessThanOrEqual(ROUTE_BUDGET_BYTES);
  });
}
