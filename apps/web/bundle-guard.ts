import type { Plugin } from 'vite';

/** Packages that must never reach the browser: validation schemas are the server's job. */
const SERVER_ONLY = [/[\\/]node_modules[\\/]zod[\\/]/];

/**
 * Fails the build when a server-only package lands in a browser chunk (a constant imported from
 * a contracts file that also defines zod schemas once pulled 39 KB gzipped of zod into the app).
 */
export function bundleGuard(): Plugin {
  return {
    name: 'invigil-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const bad = Object.keys(chunk.modules).filter((id) => SERVER_ONLY.some((re) => re.test(id)));
        if (bad.length)
          this.error(
            `${chunk.fileName} contains server-only modules: ${bad.slice(0, 3).join(', ')} (import constants from a contracts file without zod)`,
          );
      }
    },
  };
}
