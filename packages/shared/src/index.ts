export * from './roles.ts';
export * from './limits.ts';
export * from './errors.ts';
export * from './schemas/common.ts';
export * from './schemas/profile.ts';
export * from './schemas/accounts.ts';
export * from './schemas/organization.ts';
export * from './schemas/dashboard.ts';
