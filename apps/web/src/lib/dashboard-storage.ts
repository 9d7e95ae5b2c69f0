import { setCookie } from './cookies.ts';
import { session } from './storage.ts';

/** Session storage keeps typeButton and orgId (spec "Client storage"). */
const ORG_KEY = 'orgId';
export const TYPE_BUTTON_KEY = 'typeButton';
/** The dashboard shell's selected menu item (restored from the server on a fresh sign-in). */
export const SELECTED_MENU_KEY = 'selectedMenu';

/** The organisation remembered for this tab, or null (the server then picks one). */
export function storedOrg(): number | null {
  const v = Number(session.get(ORG_KEY));
  return Number.isInteger(v) && v > 0 ? v : null;
}

export function rememberOrg(orgId: number, typeButton?: string): void {
  session.set(ORG_KEY, String(orgId));
  if (typeButton) session.set(TYPE_BUTTON_KEY, typeButton);
  setCookie('org', String(orgId));
}
