import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { reloadRestoredPages } from './lib/restored-page.ts';
import { endSignInHere } from './lib/session.ts';
import { linkForAnotherUser } from './lib/sign-in-link.ts';
import { checkTabSignIn } from './lib/tab-sign-in.ts';
import './i18n/index.ts';

reloadRestoredPages();
// A sign-in left behind by closed tabs, or replaced by another user's own sign-in link, is ended
// before any page shows (ADR 0232).
void checkTabSignIn().then((held) => {
  if (held === 'left' || (held === 'held' && linkForAnotherUser(location))) endSignInHere();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
