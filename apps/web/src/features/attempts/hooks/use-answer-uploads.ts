import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { codeOf } from '../../../lib/api-errors.ts';
import { uploadAnswerFile } from '../api/attempt-calls.ts';

const RETRYABLE = new Set(['network_error', 'internal_error', 'rate_limited']);

/**
 * Files and recordings of open answers go to the files endpoint; the returned address is then
 * saved in the answer (`place`). A lost connection or a server hiccup is retried with backoff
 * while the screen is open; a refusal (too large, wrong type) is told to the student.
 */
export function useAnswerUploads(
  attemptId: string,
  place: (questionId: string, url: string, name: string) => void,
) {
  const { t } = useTranslation(['attempts', 'errors']);
  const inFlight = useRef(new Set<Promise<unknown>>());
  const [uploading, setUploading] = useState(0);
  const alive = useRef(true);
  const placeRef = useRef(place);
  placeRef.current = place;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const upload = useCallback(
    (questionId: string, file: File) => {
      const task = (async () => {
        for (let attempt = 0; alive.current; attempt += 1) {
          try {
            const stored = await uploadAnswerFile(attemptId, questionId, file);
            if (alive.current) placeRef.current(questionId, stored.url, stored.name);
            return;
          } catch (error) {
            const code = codeOf(error) ?? 'internal_error';
            if (!RETRYABLE.has(code)) {
              notifications.show({
                color: 'red',
                title: t('upload.failed', { name: file.name }),
                message: t(`errors:${code}`, { defaultValue: t('errors:internal_error') }),
              });
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** attempt, 15_000)));
          }
        }
      })();
      inFlight.current.add(task);
      setUploading((count) => count + 1);
      void task.finally(() => {
        inFlight.current.delete(task);
        setUploading((count) => count - 1);
      });
    },
    [attemptId, t],
  );

  const settled = useCallback(() => Promise.allSettled([...inFlight.current]), []);
  return { upload, uploading, settled };
}
