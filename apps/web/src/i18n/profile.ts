import { MESSAGES } from '@invigil/contracts';

export default {
  goBack: 'Go Back to Dashboard',
  profileTab: 'Profile',
  passwordTab: 'Password',
  firstName: 'First Name',
  lastName: 'Last Name',
  contactNo: 'Contact No',
  email: 'Email Address',
  update: 'Update',
  oldPassword: 'Old Password',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  changePassword: 'Change Password',
  updated: MESSAGES.profileUpdated,
  passwordUpdated: MESSAGES.passwordUpdated,
  oldPasswordWrong: MESSAGES.oldPasswordWrong,
  somethingWrong: MESSAGES.somethingWrong,
  namesRequired: 'First Name and Last Name are required.',
};
