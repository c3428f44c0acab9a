/**
 * Account-area limits and messages, free of schemas so the web shell can import them without zod.
 */
/** Account area limits. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Largest logo the server decodes, per side; bigger images are refused before decoding. */
export const LOGO_MAX_SIDE_PX = 6000;
/** Stored logos fit in this square: plenty for a 2x sidebar avatar. */
export const LOGO_STORED_SIDE_PX = 512;
/** Rows one CSV invite may hold. */
export const CSV_INVITE_MAX_ROWS = 500;
/** The duplicate check in the Invite User dialog waits this long after typing stops. */
export const INVITE_EMAIL_CHECK_MS = 500;

/** Messages the spec quotes for the account area. */
export const ACCOUNT_TEXT = {
  adminsOnly: 'Only account administrators can access this page',
  viewOnly: 'View Only: Only account administrators can edit account settings. Contact your admin to request changes.',
  notImage: 'Please select an image file',
  tooLarge: 'Image must be less than 5MB',
  requiredFields: 'Please fill in all required fields',
  alreadyMember: 'This user is already a member of this account',
  removeLogoConfirm: 'Are you sure you want to remove the logo? This action cannot be undone.',
  loadInfoFailed: 'Failed to load account information',
  loadUsersFailed: 'Failed to load users',
  updateFailed: 'Failed to update account',
  inviteFailed: 'Failed to send invitation',
  resendFailed: 'Failed to resend invitation',
  removeLogoFailed: 'Failed to remove logo',
  uploadLogoFailed: 'Failed to upload logo',
  updated: 'Account updated successfully',
  inviteSent: 'Invitation sent successfully',
  resent: (name: string) => `Invitation resent to ${name}`,
  logoRemoved: 'Logo removed successfully',
} as const;

/** Server messages of the account calls that the spec does not quote. */
export const ACCOUNT_ERRORS = {
  readOnly: 'Only account administrators can edit account settings.',
  alreadyInvited: 'This user has already been invited to this account. Use Resend Invite to send the invitation again.',
  otherAccount: 'This email address belongs to a user of another account.',
  logoDimensions: `Image must be at most ${LOGO_MAX_SIDE_PX} × ${LOGO_MAX_SIDE_PX} pixels`,
  logoUnreadable: 'This image could not be read. Please choose another file.',
  logoMissing: 'Please choose a logo file to upload.',
  inviteNotFound: 'No open invitation was found for this user.',
  userNotFound: 'User not found.',
  changeSelf: 'You cannot change your own role.',
  previewSelf: 'This is your own feed.',
  billingInvite: 'The billing administrator role is given to people who have joined the account.',
} as const;
