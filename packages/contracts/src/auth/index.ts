/** Signing in and out. */
export * from './login.ts';
export * from './auto-login.ts';
export * from './logout.ts';
export * from './set-password.ts';
