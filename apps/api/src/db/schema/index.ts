export * from './organizations.ts';
export * from './users.ts';
export * from './identity.ts';
export * from './mail.ts';
export * from './audit.ts';
export * from './assessments.ts';
export * from './attempts.ts';
export * from './billing.ts';
