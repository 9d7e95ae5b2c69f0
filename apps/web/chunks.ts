import type { Plugin } from 'vite';

/**
 * Few, route-shaped chunks instead of one per MUI component: on a 300 ms link every file costs a
 * round trip and about 1 KB of headers, and the dashboard's first load was 56 files.
 * - `app`: everything the entry loads (login screen, theme, MUI core, the router).
 * - `dashboard`: what the signed-in shell and the Tests list need on top (the data layer, the
 *   shell, the lists), found by walking static imports from those modules.
 * Everything else (profile, practice, system check, test engine, modals) stays split as the
 * bundler chooses, loaded when used.
 */
const DASHBOARD_ROOTS = [
  /src\/app\/query-shell\.tsx$/,
  /src\/app\/dashboard-with-areas\.tsx$/,
  /src\/features\/dashboard-shell\/dashboard-page\.tsx$/,
  /src\/features\/dashboard\/list-area\.tsx$/,
];

export function routeChunks(): Plugin {
  let dashboard = new Set<string>();
  return {
    name: 'invigil-route-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 2 },
                { name: (id: string) => (dashboard.has(id) ? 'dashboard' : null), priority: 1 },
              ],
            },
          },
        },
      },
    }),
    // The module graph is complete here; chunking runs after it.
    buildEnd() {
      dashboard = new Set();
      const stack = [...this.getModuleIds()].filter((id) => DASHBOARD_ROOTS.some((re) => re.test(id)));
      while (stack.length) {
        const id = stack.pop()!;
        if (dashboard.has(id)) continue;
        dashboard.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
