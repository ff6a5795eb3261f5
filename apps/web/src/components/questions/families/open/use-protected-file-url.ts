import { useEffect, useState } from 'react';
import { api, apiPathOf } from '../../../../lib/api-client.ts';

export type ProtectedFileState =
  { status: 'idle' | 'loading' | 'error'; url: null } | { status: 'ready'; url: string };

/**
 * A student's uploaded file or recording is served only with the bearer token, which an <audio>,
 * <video> or <a> element cannot send: fetch it through the API client and show it from an object
 * URL, released when the component goes or the address changes. Addresses outside the API are
 * used as they are.
 */
export function useProtectedFileUrl(url: string | null | undefined): ProtectedFileState {
  const [state, setState] = useState<ProtectedFileState>({ status: 'idle', url: null });

  useEffect(() => {
    if (!url) {
      setState({ status: 'idle', url: null });
      return;
    }
    const path = apiPathOf(url);
    if (!path) {
      setState({ status: 'ready', url });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading', url: null });
    api
      .download(path, { signal: controller.signal })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error', url: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return state;
}
