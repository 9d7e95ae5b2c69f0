import { webConfig } from './vitest.config.ts';

/** The web tests that mock modules, each file in a module registry of its own (vitest.config.ts). */
export default webConfig('web-isolated', true);
