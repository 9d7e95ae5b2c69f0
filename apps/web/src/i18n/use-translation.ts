import { useMemo } from 'react';
import { fixedT, type TFunction } from './translate.ts';

/** `const { t } = useTranslation('dashboard')`, as with react-i18next (texts never change at run time). */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction } {
  const key = typeof ns === 'string' ? ns : (ns ?? []).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => fixedT(ns), [key]);
  return { t };
}
