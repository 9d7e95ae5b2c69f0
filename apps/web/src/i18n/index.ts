import common from './common.ts';
import dashboard from './dashboard.ts';
import login from './login.ts';
import profile from './profile.ts';
import shell from './shell.ts';
import testEngine from './test-engine.ts';
import { addTexts, type Texts } from './translate.ts';

/** Every namespace's English texts; a feature adds its namespace with one line here. */
const resources = {
  en: {
    common,
    login,
    shell,
    profile,
    dashboard,
    testEngine,
  },
};

for (const [ns, texts] of Object.entries(resources.en)) addTexts(ns, texts as Texts);
