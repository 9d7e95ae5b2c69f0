/**
 * Module aliases shared by the build and the web unit tests: `@` is src/, and React resolves to
 * Preact's compatibility layer (ADR 0040: 10 KB gzipped instead of react-dom's 57 KB, for the
 * 0.3 Mbps budget). Exact-match patterns so `react-dom/client` does not hit `react-dom`.
 */
const PREACT: Record<string, string> = {
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  react: 'preact/compat',
};

export const aliases = [
  { find: '@', replacement: new URL('./src', import.meta.url).pathname },
  ...Object.entries(PREACT).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement })),
];
