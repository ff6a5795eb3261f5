/** Where the account screens send people. `/login?login=1` starts the sign-in at once. */
export const ACCOUNT_PATHS = {
  signIn: '/login?login=1',
  signUp: '/sign-up',
  forgotPassword: '/forgotpassword',
  createOrganization: '/create-organization',
  home: '/account/home',
} as const;
