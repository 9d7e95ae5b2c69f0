// invigil/no-cycle: import-x's no-cycle, counting `import type` edges too.
//
// import-x/no-cycle skips type-only imports (they vanish at runtime), but a cycle through a type
// import is still two modules that each depend on the other: the exam <-> results services and
// the seed index <-> its parts were such cycles. The graph (parsing, resolution, caching) is
// import-x's own; only the walk differs: every edge counts, static, dynamic and type-only alike,
// except into node_modules. The message names the whole cycle.
import path from 'node:path';
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

const external = (file) => file.split(path.sep).includes('node_modules');

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only and dynamic imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    const cwd = context.cwd;
    const rel = (file) => path.relative(cwd, file);
    // Modules already walked from this file without finding it again (shared by its imports).
    const seen = new Set();
    return moduleVisitor((source, importer) => {
      const first = ModuleInfo.get(source.value, context);
      if (first == null || first.path === filename || external(first.path) || seen.has(first.path)) return;
      seen.add(first.path);
      // Breadth first, so the cycle reported is a shortest one.
      const queue = [{ info: () => first, trail: [first.path] }];
      while (queue.length) {
        const { info, trail } = queue.shift();
        const m = info();
        if (m == null) continue;
        for (const [next, { resolve }] of m.getImports()) {
          if (next === filename) {
            context.report({
              node: importer,
              messageId: 'cycle',
              data: { cycle: [filename, ...trail, filename].map(rel).join(' -> ') },
            });
            return;
          }
          if (seen.has(next) || external(next)) continue;
          seen.add(next);
          queue.push({ info: resolve, trail: [...trail, next] });
        }
      }
    }, {});
  },
};
