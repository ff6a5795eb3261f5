import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ATTEMPT_LIMITS } from '@vbuilder/shared';
import { reportError } from '../../../lib/auth/report-error.ts';
import { uploadAnswerFile } from '../api/attempt-calls.ts';
import { browserConnectivity } from '../lib/browser-adapters.ts';
import { deviceStore } from '../lib/device-store.ts';
import type { PendingUpload } from '../lib/pending-upload.ts';
import { createUploadQueue, type UploadQueue, type UploadQueueSnapshot } from '../lib/upload-queue.ts';

const EMPTY: UploadQueueSnapshot = { status: 'idle', pending: [] };
const noSubscription = () => () => undefined;
const empty = () => EMPTY;

/**
 * Files and recordings of open answers: kept on the device the moment they are chosen, uploaded
 * through the files endpoint (retried with backoff, across reloads), and the returned address
 * saved in the answer (`place`). Starts once `ready` (the answers are loaded, so a file kept from
 * before a reload has an answer to go into).
 */
export function useAnswerUploads(
  attemptId: string,
  ready: boolean,
  place: (upload: PendingUpload, url: string, name: string) => void,
) {
  const { t } = useTranslation(['attempts', 'errors']);
  const [queue, setQueue] = useState<UploadQueue | null>(null);
  const latest = useRef({ place, t });
  latest.current = { place, t };

  useEffect(() => {
    if (!ready) return;
    const created = createUploadQueue({
      attemptId,
      store: deviceStore(),
      transport: { upload: (questionId, file, name) => uploadAnswerFile(attemptId, questionId, file, name) },
      connectivity: browserConnectivity,
      retryMaxMs: ATTEMPT_LIMITS.autosaveRetryMaxMs,
      place: (upload, stored) => latest.current.place(upload, stored.url, stored.name),
      onRefused: (upload, code) => {
        const { t: translate } = latest.current;
        notifications.show({
          color: 'red',
          title: translate('upload.failed', { name: upload.name }),
          message: translate(`errors:${code}`, { defaultValue: translate('errors:internal_error') }),
        });
      },
      onStoreError: (error) => reportError(error, { area: 'attempts', action: 'store-upload' }),
    });
    setQueue(created);
    void created.start();
    return () => {
      created.dispose();
      setQueue((current) => (current === created ? null : current));
    };
  }, [attemptId, ready]);

  const snapshot = useSyncExternalStore(
    queue?.subscribe ?? noSubscription,
    queue?.getSnapshot ?? empty,
    queue?.getSnapshot ?? empty,
  );

  const upload = useCallback(
    (questionId: string, file: File) => {
      void queue?.add(questionId, file, file.name);
    },
    [queue],
  );
  const settled = useCallback(() => queue?.flush() ?? Promise.resolve(), [queue]);

  return { upload, settled, status: snapshot.status, pending: snapshot.pending };
}
