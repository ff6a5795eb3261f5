/** Where the organization screens live (docs/product/screens.md). */
export const ORGANIZATIONS_PATH = '/account/organizations';
export const HOME_PATH = '/account/home';
export const organizationPath = (id: string) => `/account/organization/${encodeURIComponent(id)}`;
