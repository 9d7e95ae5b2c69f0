import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './common.ts';
import dashboard from './dashboard.ts';
import login from './login.ts';
import profile from './profile.ts';
import shell from './shell.ts';
import testEngine from './test-engine.ts';

/** Every namespace's English texts; a feature adds its namespace with one line here. */
export const resources = {
  en: {
    common,
    login,
    shell,
    profile,
    dashboard,
    testEngine,
  },
};

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
