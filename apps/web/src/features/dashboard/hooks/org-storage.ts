import { setCookie } from '../../../lib/cookies.ts';
import { session } from '../../../lib/storage.ts';

/** Session storage keeps typeButton and orgId (spec "Client storage"). */
export const ORG_KEY = 'orgId';
export const TYPE_BUTTON_KEY = 'typeButton';

export function storedOrg(): number | null {
  const v = Number(session.get(ORG_KEY));
  return Number.isInteger(v) && v > 0 ? v : null;
}

export function rememberOrg(orgId: number, typeButton?: string): void {
  session.set(ORG_KEY, String(orgId));
  if (typeButton) session.set(TYPE_BUTTON_KEY, typeButton);
  setCookie('org', String(orgId));
}
