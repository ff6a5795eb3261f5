import { useMutation } from '@tanstack/react-query';
import { ImportUsersResultSchema, type LanguageCode } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { dashboardKeys, organizationKeys, userKeys } from '../../../lib/query-keys.ts';

/** The multipart field the API reads the CSV from. */
export const IMPORT_FILE_FIELD = 'file';

/** `language`: the invitations' language for rows without a language column (default the importer's). */
export async function importUsers({
  file,
  organizationId,
  language,
}: {
  file: File;
  organizationId?: string;
  language?: LanguageCode;
}) {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return api.upload(
    `/users/import${toQueryString({ organizationId, language })}`,
    form,
    ImportUsersResultSchema,
  );
}

/** POST /users/import: adds students from a CSV and answers which rows were rejected and why. */
export function useImportUsers() {
  return useMutation({
    mutationFn: importUsers,
    // The users tables, and the counts other screens show (the dashboard's totals, an
    // organization's member counts).
    meta: { silent: true, invalidates: [userKeys.all, dashboardKeys.all, organizationKeys.all] },
  });
}
