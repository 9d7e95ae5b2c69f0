/** User-visible texts of the spec that both the server and the web send or show, word for word. */
export const MESSAGES = {
  wrongCredentials: 'Username or Password is incorrect.',
  lastAttempt:
    'One last attempt remaining !! WARNING : Too many unsuccessful attempts can cause the account to lock out !!',
  locked: 'This account is locked due to too many unsuccessful attempts. Please try again after some time.',
  sessionExpired: 'Session expired. Please login again!',
  credentialsRequired: 'Username and Password are required.',
  invalidEmail: 'Invalid Email Address',
  invalidMobile: 'Invalid Mobile Number',
  passwordMismatch: 'Password does not match',
  passwordRule:
    'Password must be minimum eight characters, at least one uppercase letter, one lowercase letter, one number and one special character',
  passwordFieldsRequired: 'Old Password, Password and Confirm Password are required.',
  profileUpdated: 'User data updated successfully',
  somethingWrong: 'Something went wrong, Please try again later...',
  oldPasswordWrong: 'Old password did not match...',
  passwordUpdated: 'Password changed successfully',
  autoLoginInvalid: 'This sign-in link is not valid. Please sign in with your username and password.',
  autoLoginExpired:
    'This sign-in link has expired or has already been used. Please sign in with your username and password.',
  inviteInvalid:
    'This set-password link has expired or has already been used. Please ask your administrator for a new one.',
  passwordSetFieldsRequired: 'Password and Confirm Password are required.',
} as const;

/** remainingAttempts to the login screen's message (spec section 8). */
export function remainingAttemptsMessage(remaining: number): string {
  if (remaining > 1) return MESSAGES.wrongCredentials;
  if (remaining === 1) return MESSAGES.lastAttempt;
  return MESSAGES.locked;
}
