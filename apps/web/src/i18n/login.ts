import { MESSAGES } from '@invigil/contracts';

export default {
  title: 'Sign in to your account',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  /**
   * Not in the spec: the password field's show toggle and caps lock hint. The toggle's name must
   * not contain "password": a label lookup by substring (Playwright's getByLabel('Password'), a
   * screen reader's field list) would find two controls instead of the field.
   */
  showPassword: 'Show characters',
  capsLock: 'Caps Lock is on',
  signingIn: 'Signing in…',
  required: MESSAGES.credentialsRequired,
  alreadyLoggedIn:
    'You are already logged in on another device. Do you want to log in here and log out from the other device?',
  autoLoginMissingSignature: MESSAGES.autoLoginInvalid,
  connectionLost: 'Connectivity with the server has been lost. Please retry after some time.',
  /** A new user's set-password link (ADR 0153; not in the spec). */
  setPassword: {
    title: 'Set your password to sign in',
    password: 'Password',
    confirm: 'Confirm Password',
    rule: MESSAGES.passwordRule,
    button: 'Set Password',
    saving: 'Saving…',
  },
};
