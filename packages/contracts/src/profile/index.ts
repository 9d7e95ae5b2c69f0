/** The signed-in user's profile and password. */
export * from './get-profile.ts';
export * from './update-profile.ts';
export * from './update-password.ts';
