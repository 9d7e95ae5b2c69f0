/** Validators of the spec's section 5, used by the web forms and again by the server. */
import { MESSAGES } from './messages.ts';

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const CONTACT_PATTERN = /^[0-9]{10}$/;
/** At least 8 characters, one lower, one upper, one digit, one of @$!%*?&, and only those characters. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;

export const isValidEmail = (v: string) => EMAIL_PATTERN.test(v);
export const isValidContact = (v: string) => CONTACT_PATTERN.test(v);
export const isValidPassword = (v: string) => PASSWORD_PATTERN.test(v);

/** The profile form's message: one, the other, or both joined as the spec writes them. */
export function profileValidationMessage(email: string, contactNumber: string): string | null {
  const errors: string[] = [];
  if (!isValidEmail(email)) errors.push(MESSAGES.invalidEmail);
  if (!isValidContact(contactNumber)) errors.push(MESSAGES.invalidMobile);
  return errors.length ? errors.join(', ') : null;
}

/** The password form's message, or null when it may be sent. */
export function passwordChangeValidationMessage(oldPassword: string, password: string, confirm: string): string | null {
  if (!oldPassword || !password || !confirm) return MESSAGES.passwordFieldsRequired;
  if (password !== confirm) return MESSAGES.passwordMismatch;
  if (!isValidPassword(password)) return MESSAGES.passwordRule;
  return null;
}

/** The set-password form's message (a new user's first password), or null when it may be sent. */
export function passwordSetValidationMessage(password: string, confirm: string): string | null {
  if (!password || !confirm) return MESSAGES.passwordSetFieldsRequired;
  if (password !== confirm) return MESSAGES.passwordMismatch;
  if (!isValidPassword(password)) return MESSAGES.passwordRule;
  return null;
}
