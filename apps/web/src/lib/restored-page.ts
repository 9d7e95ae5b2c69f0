/**
 * The browser's back/forward cache keeps a page whole when the user leaves it for another document,
 * and Back shows it again as it was, running no code: after a logout, a forced logout or the test's
 * low-bandwidth Close (each a new document), Back showed the last user's dashboard or test
 * questions though their sign-in was gone (ADR 0232). A restored page is loaded again instead, so
 * the route guards decide what it shows.
 */
export function reloadRestoredPages(win: Pick<Window, 'addEventListener' | 'location'> = window): void {
  win.addEventListener('pageshow', (e) => {
    if ((e as PageTransitionEvent).persisted) win.location.reload();
  });
}
