import { cleanup } from '@testing-library/preact';
import { afterAll, afterEach } from 'vitest';

// Runs in every test file (files share a worker's jsdom and module cache: isolate is off, see
// ADR 0243): each test leaves an empty page and empty storage behind.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});
// Preact runs effects after the next frame (a 35 ms timer when there is none): let the last
// test's run while the page is still there ("window is not defined" from an unmounted query
// client, seen once in CI).
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));
