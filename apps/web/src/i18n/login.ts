import { MESSAGES } from '@invigil/contracts';

export default {
  title: 'Sign in to your account',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
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
