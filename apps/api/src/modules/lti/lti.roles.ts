import type { Role } from '@vbuilder/shared';

/**
 * LIS roles (LTI Core 1.3 §5.3.7 and Appendix A.2) to vbuilder's roles. A role is a full URI
 * (`http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor`), a sub-role URI
 * (`…/membership/Instructor#TeachingAssistant`) or, deprecated but still sent, a short name
 * (`Instructor`). The strongest role wins: an institution or system Administrator runs the
 * organization; Instructor, ContentDeveloper, TeachingAssistant and a course's Administrator
 * teach; a Learner (or anyone else: Mentor, Guest…) takes assessments as a Student.
 */
const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';

function roleName(uri: string): { vocabulary: string; name: string } {
  if (!uri.startsWith(LIS)) return { vocabulary: 'membership', name: uri };
  const rest = uri.slice(LIS.length);
  const [path = '', fragment = ''] = rest.split('#');
  const [vocabulary = '', parent] = path.split('/');
  // A sub-role (membership/Instructor#TeachingAssistant) is judged by its own name.
  return { vocabulary: parent ? `${vocabulary}/${parent}` : vocabulary, name: fragment };
}

const ADMINISTRATOR_VOCABULARIES = ['institution/person', 'system/person'];

export function mapLisRoles(roles: readonly string[]): Role {
  const parsed = roles.map(roleName);
  if (parsed.some((r) => r.name === 'Administrator' && ADMINISTRATOR_VOCABULARIES.includes(r.vocabulary)))
    return 'Administrator';
  // A course's own Administrator (membership#Administrator) runs that course, not the school.
  if (
    parsed.some((r) =>
      ['Instructor', 'ContentDeveloper', 'TeachingAssistant', 'Administrator'].includes(r.name),
    )
  )
    return 'Teacher';
  return 'Student';
}
