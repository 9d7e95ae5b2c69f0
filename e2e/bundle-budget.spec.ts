import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/server.ts';
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

// ADR 0120: the staff screens (support search, timeline, Ongoing Tests, Pending Results,
// Regenerate Results) and the administrator's import and scheduling screens (issue 17) are
// chunks of their own that a candidate's dashboard never downloads.
const STAFF_CHUNK =
  /(^|\/)(search-user-area|ongoing-tests-area|pending-results-area|regenerate-results-area|timeline-dialog|staff|import-test-area|import-candidates-area|schedule-test-area|admin)-[\w-]{8}\.js$/;

test("a candidate's dashboard downloads none of the staff screens", async ({ browser, baseURL }) => {
  const built = readdirSync(path.resolve(import.meta.dirname, '../apps/web/dist/assets')).filter((n) =>
    STAFF_CHUNK.test(n),
  );
  expect(built.length, 'the staff and admin screens are chunks of their own').toBeGreaterThanOrEqual(8);
  const loaded = (await measureDashboard(browser, baseURL!, 30_000)).map((a) => a.url);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((u) => STAFF_CHUNK.test(u.split('?')[0]!))).toEqual([]);
});
