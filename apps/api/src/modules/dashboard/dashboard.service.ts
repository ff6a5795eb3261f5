import { isAdministrator, isSuperAdministrator, type DashboardSummary } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../types.d.ts';
import { countUsersByRole } from '../users/users.repository.ts';
import { countOrganizations } from './dashboard.repository.ts';
import { countByGenerationType } from '../assessments/assessments.repository.ts';

type RoleCount = { role: string; count: number };

function tally(rows: RoleCount[]): DashboardSummary['users'] {
  const sum = (match: (role: string) => boolean) =>
    rows.filter((r) => match(r.role)).reduce((total, r) => total + Number(r.count), 0);
  return {
    total: sum(() => true),
    students: sum((role) => role === 'Student'),
    teachers: sum((role) => role === 'Teacher'),
    administrators: sum(isAdministrator),
  };
}

/**
 * Assessments the actor's dashboard counts: their organization's (not deleted), or for a Student
 * the published ones assigned to them.
 */
async function assessmentCounts(db: DbOrTx, actor: Actor, organizationId: string) {
  const rows = await countByGenerationType(db, {
    organizationId,
    studentId: actor.role === 'Student' ? actor.userId : undefined,
  });
  const count = (type: string) => Number(rows.find((r) => r.generationType === type)?.count ?? 0);
  const total = rows.reduce((sum, r) => sum + Number(r.count), 0);
  return { total, manual: count('manual'), ai: count('ai'), assigned: total };
}

/** The home dashboard's figures: the caller's organization, or the whole platform for a Super Administrator. */
export async function dashboardSummary(db: DbOrTx, actor: Actor): Promise<DashboardSummary> {
  if (isSuperAdministrator(actor.role)) {
    const [rows, organizationCount] = await Promise.all([countUsersByRole(db, null), countOrganizations(db)]);
    return {
      scope: 'platform',
      organizationId: null,
      users: tally(rows),
      organizations: organizationCount,
      assessments: null,
    };
  }
  // countUsersByRole(null) would count the whole platform: someone outside any organization sees nothing.
  if (!actor.organizationId) {
    return {
      scope: 'organization',
      organizationId: null,
      users: tally([]),
      organizations: null,
      assessments: { total: 0, manual: 0, ai: 0, assigned: 0 },
    };
  }
  const rows = await countUsersByRole(db, actor.organizationId);
  return {
    scope: 'organization',
    organizationId: actor.organizationId,
    users: tally(rows),
    organizations: null,
    assessments: await assessmentCounts(db, actor, actor.organizationId),
  };
}
