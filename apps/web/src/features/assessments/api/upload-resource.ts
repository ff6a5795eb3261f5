import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssessmentResourceSchema, type Assessment, type AssessmentResource } from '@vbuilder/shared';
import { api, ApiError, sessionApiAuth, type ApiAuth } from '../../../lib/api-client.ts';
import { AUTH_TIMINGS } from '../../../lib/auth/constants.ts';
import { authorizationHeaders } from '../../../lib/auth/dpop.ts';
import { assessmentKeys } from '../../../lib/query-keys.ts';

/** The multipart field POST /api/assessments/:id/resources reads. */
export const RESOURCE_FIELD = 'file';

const resourcesPath = (assessmentId: string) => `/assessments/${encodeURIComponent(assessmentId)}/resources`;

function errorOf(xhr: XMLHttpRequest): ApiError {
  let body: { code?: unknown; message?: unknown; details?: unknown } = {};
  try {
    body = JSON.parse(xhr.responseText) as typeof body;
  } catch {
    // Not JSON: the status decides.
  }
  const code =
    typeof body.code === 'string'
      ? body.code
      : xhr.status === 413
        ? 'file_too_large'
        : xhr.status === 0
          ? 'network_error'
          : 'internal_error';
  return new ApiError(
    xhr.status,
    code,
    typeof body.message === 'string' ? body.message : xhr.statusText,
    body.details,
  );
}

async function send(
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<XMLHttpRequest> {
  // As the API client: a DPoP-bound token with a proof of this browser's key, any other as Bearer.
  const authorization = token ? await authorizationHeaders(token, url, 'POST') : {};
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authorization)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network request failed'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /assessments/:id/resources with upload progress, which fetch cannot report: the same
 * token (DPoP or Bearer) and single refresh-and-retry on 401 as the API client.
 */
export async function uploadResource(
  assessmentId: string,
  file: File,
  onProgress: (fraction: number) => void,
  { auth = sessionApiAuth, signal }: { auth?: ApiAuth; signal?: AbortSignal } = {},
): Promise<AssessmentResource> {
  const form = new FormData();
  form.append(RESOURCE_FIELD, file, file.name);
  const url = `/api${resourcesPath(assessmentId)}`;
  const token = await auth.accessToken(AUTH_TIMINGS.requestTokenMarginMs).catch(() => null);
  let xhr = await send(url, form, token, onProgress, signal);
  if (xhr.status === 401 && token) {
    const fresh = await auth.refreshedToken(token);
    if (fresh) xhr = await send(url, form, fresh, onProgress, signal);
  }
  if (xhr.status < 200 || xhr.status >= 300) throw errorOf(xhr);
  const parsed = AssessmentResourceSchema.safeParse(JSON.parse(xhr.responseText));
  if (!parsed.success)
    throw new ApiError(xhr.status, 'invalid_response', 'Unexpected answer', parsed.error.issues);
  onProgress(1);
  return parsed.data;
}

/** Puts a resource into (or out of) the cached assessment, so the list updates without a reload. */
function patchResources(
  queryClient: ReturnType<typeof useQueryClient>,
  assessmentId: string,
  change: (resources: AssessmentResource[]) => AssessmentResource[],
) {
  queryClient.setQueryData<Assessment>(assessmentKeys.detail(assessmentId), (current) =>
    current ? { ...current, resources: change(current.resources) } : current,
  );
}

export function useUploadResource(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadResource(assessmentId, file, onProgress),
    meta: { silent: true },
    onSuccess: (resource) => patchResources(queryClient, assessmentId, (list) => [...list, resource]),
  });
}

/** DELETE /assessments/:id/resources/:resourceId. */
export function useDeleteResource(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: string) =>
      api.delete<void>(`${resourcesPath(assessmentId)}/${encodeURIComponent(resourceId)}`),
    meta: { silent: true },
    onSuccess: (_nothing, resourceId) =>
      patchResources(queryClient, assessmentId, (list) => list.filter((r) => r.id !== resourceId)),
  });
}

/**
 * Downloads a resource (GET needs the Bearer token, so a plain link would be refused) and hands it
 * to the browser under its own name.
 */
export async function downloadResource(resource: AssessmentResource): Promise<void> {
  const path = resource.url.replace(/^\/api(?=\/)/, '');
  const blob = await api.download(path);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = resource.name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is freed.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
