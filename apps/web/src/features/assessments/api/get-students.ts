import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { UserListSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** How many matches the assignment picker offers at once; typing narrows them. */
export const STUDENT_PAGE_SIZE = 100;

/** GET /users?role=Student&search=…: students of the viewer's organization for the assignment picker. */
export const studentsQuery = (search: string) =>
  queryOptions({
    // Under the users keys: adding or removing a student refreshes the picker.
    queryKey: userKeys.students(search.trim()),
    queryFn: ({ signal }) =>
      api.get(
        `/users${toQueryString({
          role: 'Student',
          search: search.trim(),
          pageSize: STUDENT_PAGE_SIZE,
          sort: 'name',
        })}`,
        UserListSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });

export const useStudents = (search: string, enabled = true) =>
  useQuery({ ...studentsQuery(search), enabled });
