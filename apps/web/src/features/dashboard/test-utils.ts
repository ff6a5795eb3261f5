import type {
  AssessmentUsage,
  DashboardMarkingQueue,
  DashboardMyCertificates,
  DashboardMyResults,
  DashboardOrganizations,
  DashboardPaymentsMonth,
  DashboardRecentResults,
  DashboardSchedule,
  DashboardSubmissionsWeek,
} from '@vbuilder/shared';
import { answer, server } from '../../test/msw-server.ts';

/** Answers of the dashboard cards, typed by the shared contract, for the role dashboards' tests. */

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

export const schedule = (): DashboardSchedule => ({
  openNow: {
    total: 3,
    items: [
      {
        id: 'a-algebra',
        title: 'Algebra basics',
        subject: 'Mathematics',
        startsAt: at(-24 * HOUR),
        endsAt: at(50 * HOUR),
        durationMinutes: 30,
        inProgressAttemptId: null,
      },
      {
        id: 'a-biology',
        title: 'Cells and tissues',
        subject: 'Biology',
        startsAt: null,
        endsAt: null,
        durationMinutes: null,
        inProgressAttemptId: 'attempt-1',
      },
    ],
  },
  upcoming: {
    total: 1,
    items: [
      {
        id: 'a-chemistry',
        title: 'Acids and bases',
        subject: 'Chemistry',
        startsAt: at(3 * HOUR + 60_000),
        endsAt: at(5 * HOUR),
        durationMinutes: null,
        inProgressAttemptId: null,
      },
    ],
  },
});

export const emptySchedule: DashboardSchedule = {
  openNow: { total: 0, items: [] },
  upcoming: { total: 0, items: [] },
};

const days = [
  '2030-03-06',
  '2030-03-07',
  '2030-03-08',
  '2030-03-09',
  '2030-03-10',
  '2030-03-11',
  '2030-03-12',
];
export const week = (counts = [0, 2, 0, 5, 1, 0, 1234]): DashboardSubmissionsWeek => ({
  total: counts.reduce((a, b) => a + b, 0),
  days: days.map((date, i) => ({ date, count: counts[i]! })),
});

export const recentResults: DashboardRecentResults = {
  items: [
    {
      assessmentId: 'a-biology',
      title: 'Cells and tissues',
      submitted: 12,
      passed: 9,
      passRate: 75,
      averagePercentage: 68.5,
      pendingMarking: 0,
      lastSubmittedAt: '2030-03-12T08:00:00.000Z',
    },
    {
      assessmentId: 'a-history',
      title: 'The industrial revolution and its consequences',
      submitted: 3,
      passed: 0,
      passRate: 0,
      averagePercentage: null,
      pendingMarking: 3,
      lastSubmittedAt: '2030-03-11T08:00:00.000Z',
    },
  ],
};

export const markingQueue: DashboardMarkingQueue = {
  answersWaiting: 5,
  submissionsWaiting: 3,
  items: [
    {
      attemptId: 'attempt-9',
      assessmentId: 'a-history',
      assessmentTitle: 'The industrial revolution',
      studentId: 'student-7',
      studentName: 'Cy Student',
      submittedAt: '2030-03-10T09:00:00.000Z',
      answersWaiting: 2,
    },
    {
      attemptId: 'attempt-8',
      assessmentId: 'a-history',
      assessmentTitle: 'The industrial revolution',
      studentId: 'student-8',
      studentName: 'Ada Student',
      submittedAt: '2030-03-11T09:00:00.000Z',
      answersWaiting: 1,
    },
  ],
};

export const usage: AssessmentUsage = {
  plan: { name: 'Basic', productName: 'Vbuilder Basic', monthlyAssessments: 50, allowedTypes: [] },
  status: 'active',
  usedThisMonth: 42,
  remaining: 8,
  limitReached: false,
  resetsAt: '2030-04-01T00:00:00.000Z',
};

export const myResults: DashboardMyResults = {
  items: [
    {
      attemptId: 'attempt-1',
      assessmentId: 'a-biology',
      title: 'Cells and tissues',
      number: 1,
      submittedAt: '2030-03-12T08:00:00.000Z',
      percentage: 100,
      passMark: 50,
      passed: true,
      pending: false,
    },
    {
      attemptId: 'attempt-2',
      assessmentId: 'a-history',
      title: 'The industrial revolution',
      number: 1,
      submittedAt: '2030-03-11T08:00:00.000Z',
      percentage: 30,
      passMark: 50,
      passed: null,
      pending: true,
    },
  ],
};

export const myCertificates: DashboardMyCertificates = {
  total: 2,
  items: [
    {
      id: 'c-1',
      assessmentTitle: 'Cells and tissues',
      issuedAt: '2030-03-12T08:30:00.000Z',
      percentage: 100,
    },
    { id: 'c-2', assessmentTitle: 'Fractions', issuedAt: '2030-02-12T08:30:00.000Z', percentage: null },
  ],
};

export const organizations: DashboardOrganizations = {
  total: 7,
  byPlan: [
    { plan: 'Free', count: 3 },
    { plan: 'Basic', count: 1 },
    { plan: 'Professional', count: 2 },
    { plan: 'Enterprise', count: 1 },
    { plan: 'Custom', count: 0 },
  ],
  byStatus: [
    { status: 'active', count: 4 },
    { status: 'pending', count: 1 },
    { status: 'inactive', count: 1 },
    { status: 'free', count: 1 },
  ],
};

export const payments: DashboardPaymentsMonth = {
  monthStart: '2030-03-01T00:00:00.000Z',
  activated: 3,
  pending: 2,
  totals: [
    { currency: 'THB', amountMinor: 190000 },
    { currency: 'USD', amountMinor: 10780 },
  ],
  byPlan: [
    { plan: 'Free', count: 0 },
    { plan: 'Basic', count: 1 },
    { plan: 'Professional', count: 2 },
    { plan: 'Enterprise', count: 0 },
    { plan: 'Custom', count: 0 },
  ],
};

/** What each role's dashboard asks for, answered with the fixtures above (override per test). */
export function serveStaffCards(overrides: { usage?: AssessmentUsage } = {}) {
  server.use(
    answer('get', '/dashboard/schedule', schedule()),
    answer('get', '/dashboard/submissions-week', week()),
    answer('get', '/dashboard/recent-results', recentResults),
    answer('get', '/dashboard/marking-queue', markingQueue),
    answer('get', '/assessments/usage', overrides.usage ?? usage),
  );
}

export function serveStudentCards() {
  server.use(
    answer('get', '/dashboard/schedule', schedule()),
    answer('get', '/dashboard/my-results', myResults),
    answer('get', '/dashboard/my-certificates', myCertificates),
  );
}

export function servePlatformCards() {
  server.use(
    answer('get', '/dashboard/organizations', organizations),
    answer('get', '/dashboard/payments-month', payments),
  );
}
