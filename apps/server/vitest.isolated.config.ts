import { apiConfig } from './vitest.config.ts';

/** The API suites that mock modules, each file in a module registry of its own (vitest.config.ts). */
export default apiConfig('api-isolated', true);
