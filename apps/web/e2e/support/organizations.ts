import path from 'node:path';

export interface SeededAccount {
  role: string;
  name: string;
  email: string;
  password: string;
  id: string;
}

/**
 * One spec file's own organization (global setup seeds one per spec, like the demo organization:
 * one person per role, the Enterprise plan, two sample assessments), so specs run side by side
 * without sharing accounts or data. Some specs get a little more, below.
 */
export interface SpecOrganization {
  organizationId: string;
  organizationName: string;
  /** Every address of the organization ends with '@' and this (also for people a journey invites). */
  domain: string;
  accounts: SeededAccount[];
  /** sign-in-and-menus: a Teacher whose temporary password must be changed at first sign-in. */
  forced?: SeededAccount;
  /** assessment-list: a second organization, on the Free package (no payment record), with one Teacher. */
  free?: { organizationId: string; organizationName: string; teacher: SeededAccount };
  /** billing: a second organization, on the Free package (no payment record), with one Administrator. */
  buyer?: { organizationId: string; organizationName: string; administrator: SeededAccount };
  /**
   * question-bank: a second Student, so two students' drawn questions can be compared;
   * accommodations: one Student with extra time beside one without.
   */
  classmate?: SeededAccount;
  /** regrade: two more Students, so three submit before the answer key is fixed. */
  classmates?: SeededAccount[];
}

/** 'language-and-pages' for …/language-and-pages.e2e.ts. */
export const specName = (file: string) => path.basename(file).replace(/\.e2e\.ts$/, '');
/** The mail domain of a spec's organization. */
export const specDomain = (spec: string) => `${spec}.e2e.test`;
