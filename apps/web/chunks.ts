import type { ChunkingContext } from 'rolldown';

/**
 * Few, route-shaped chunks instead of one per MUI component: on a 300 ms link every file costs a
 * round trip and about 1 KB of headers, and the dashboard's first load was 56 files.
 * - `app`: everything the entry loads (login screen, theme, MUI core, the router).
 * - `dashboard`: what the signed-in shell and the Tests list need on top (the data layer, the
 *   shell, the lists), found by walking static imports from those modules.
 * Everything else (profile, practice, system check, test engine, modals) stays split as the
 * bundler chooses, loaded when used.
 */
const DASHBOARD_ROOTS = [/src\/app\/query-shell\.tsx$/, /src\/features\/dashboard-shell\/dashboard-page\.tsx$/, /src\/features\/dashboard\/list-area\.tsx$/];

let dashboard: Set<string> | null = null;

function dashboardModules(ctx: ChunkingContext, any: string): Set<string> {
  if (dashboard) return dashboard;
  const seen = new Set<string>();
  // Find the roots by walking the whole graph once from any module's importers and imports.
  const all = new Set<string>();
  const queue = [any];
  while (queue.length) {
    const id = queue.pop()!;
    if (all.has(id)) continue;
    all.add(id);
    const info = ctx.getModuleInfo(id);
    if (info) queue.push(...info.importedIds, ...info.dynamicallyImportedIds, ...info.importers, ...info.dynamicImporters);
  }
  const stack = [...all].filter((id) => DASHBOARD_ROOTS.some((re) => re.test(id)));
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  dashboard = seen;
  return seen;
}

export const chunkGroups = [
  { name: 'app', tags: ['$initial' as const], priority: 2 },
  { name: (id: string, ctx: ChunkingContext) => (dashboardModules(ctx, id).has(id) ? 'dashboard' : null), priority: 1 },
];

/** Forget the graph between builds (watch mode). */
export function resetChunkGroups(): void {
  dashboard = null;
}
