import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from './cookies.ts';
import { ASHA as asha } from './demo-sign-ins.test-support.ts';
import { clearLogin, storeLogin } from './session.ts';
import { checkTabSignIn, setReloadForTests } from './tab-sign-in.ts';

/** Another open tab of the site (its own session storage), holding the sign-in `token`. */
function otherTab(token: string) {
  const ch = new BroadcastChannel('invigil-sign-in');
  ch.onmessage = (e: MessageEvent<{ type: string }>) => {
    if (e.data.type === 'who') ch.postMessage({ type: 'here', token });
  };
  return ch;
}

/** A new tab: its session storage starts empty, the cookies are the browser's. */
const newTab = () => sessionStorage.clear();

let open: BroadcastChannel[] = [];
afterEach(() => {
  for (const ch of open) ch.close();
  open = [];
});

describe('a sign-in belongs to the tabs that hold it', () => {
  it('nobody signed in: nothing to check', async () => {
    setCookie('token', '');
    setCookie('sessionTime', '1');
    expect(await checkTabSignIn(50)).toBe('none');
  });

  it('the tab that signed in, and its reload, hold it', async () => {
    storeLogin(asha);
    expect(await checkTabSignIn(50)).toBe('held');
  });

  it('every tab of it was closed: a new tab finds it left behind', async () => {
    storeLogin(asha);
    newTab();
    expect(await checkTabSignIn(50)).toBe('left');
  });

  it('a new tab while one of its tabs is open takes it over (and keeps it on a reload)', async () => {
    storeLogin(asha);
    newTab();
    open.push(otherTab('token-a'));
    expect(await checkTabSignIn(500)).toBe('held');
    open[0]!.close();
    expect(await checkTabSignIn(50)).toBe('held');
  });

  it('a busy open tab that answers after 800 ms still holds it (the default wait)', async () => {
    storeLogin(asha);
    newTab();
    const busy = new BroadcastChannel('invigil-sign-in');
    open.push(busy);
    busy.onmessage = (e: MessageEvent<{ type: string }>) => {
      if (e.data.type === 'who') setTimeout(() => busy.postMessage({ type: 'here', token: 'token-a' }), 800);
    };
    const started = Date.now();
    expect(await checkTabSignIn()).toBe('held');
    // The answer ended the wait: it did not run its whole length.
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('an open tab of an earlier sign-in does not vouch for this one', async () => {
    storeLogin(asha);
    newTab();
    open.push(otherTab('token-old'));
    expect(await checkTabSignIn(100)).toBe('left');
  });

  it("another tab's sign-in or sign-out reloads a page still showing the sign-in before", async () => {
    const reload = vi.fn();
    setReloadForTests(reload);
    storeLogin(asha); // this page shows Asha
    const other = new BroadcastChannel('invigil-sign-in');
    open.push(other);
    other.postMessage({ type: 'changed' }); // another tab changed nothing this page shows
    await new Promise((r) => setTimeout(r, 50));
    expect(reload).not.toHaveBeenCalled();
    setCookie('token', ''); // Asha logged out in the other tab (the cookies are the browser's)
    other.postMessage({ type: 'changed' });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('tells the other tabs when this one signs in or out', async () => {
    const other = new BroadcastChannel('invigil-sign-in');
    open.push(other);
    const heard: unknown[] = [];
    other.onmessage = (e) => heard.push(e.data);
    storeLogin(asha);
    clearLogin('logout');
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'changed' }, { type: 'changed' }]));
  });
});
