import { MESSAGES } from '@invigil/contracts';

/** Texts shared by every screen (spec wording). */
export default {
  productName: 'Invigil',
  copyright: '© {{year}} Invigil. All rights reserved.',
  systemWarning: 'System Warning',
  yes: 'Yes',
  no: 'No',
  ok: 'OK',
  close: 'Close',
  loading: 'Loading…',
  somethingWrong: MESSAGES.somethingWrong,
  sessionExpired: MESSAGES.sessionExpired,
};
