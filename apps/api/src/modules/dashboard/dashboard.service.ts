import { isAdministrator, isSuperAdministrator, type DashboardSummary } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../types.d.ts';
import { countUsersByRole } from '../users/users.repository.ts';
import { countOrganizations } from './dashboard.repository.ts';

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

/** The home dashboard's figures: the caller's organization, or the whole platform for a Super Administrator. */
export async function dashboardSummary(db: DbOrTx, actor: Actor): Promise<DashboardSummary> {
  if (isSuperAdministrator(actor.role)) {
    const [rows, organizationCount] = await Promise.all([countUsersByRole(db, null), countOrganizations(db)]);
    return { scope: 'platform', organizationId: null, users: tally(rows), organizations: organizationCount };
  }
  // countUsersByRole(null) would count the whole platform: someone outside any organization sees nothing.
  if (!actor.organizationId) {
    return { scope: 'organization', organizationId: null, users: tally([]), organizations: null };
  }
  const rows = await countUsersByRole(db, actor.organizationId);
  return {
    scope: 'organization',
    organizationId: actor.organizationId,
    users: tally(rows),
    organizations: null,
  };
}
