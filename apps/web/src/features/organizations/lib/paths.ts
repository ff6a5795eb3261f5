/** Where the organization screens live (SPEC §2). */
export const ORGANIZATIONS_PATH = '/account/organizations';
export const HOME_PATH = '/account/home';
export const organizationPath = (id: string) => `/account/organization/${encodeURIComponent(id)}`;
