export * from './organizations.ts';
export * from './users.ts';
export * from './identity.ts';
export * from './mail.ts';
export * from './audit.ts';
