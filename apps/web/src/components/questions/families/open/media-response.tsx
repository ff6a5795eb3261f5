import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, FileButton, Group, Input, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconAlertCircle,
  IconMicrophone,
  IconPlayerStopFilled,
  IconRefresh,
  IconUpload,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResponsePartProps } from './open-types.ts';
import { safeUrl } from './open-utils.ts';
import {
  formatDuration,
  useMediaRecorder,
  type MediaKind,
  type RecorderError,
} from './use-media-recorder.ts';

type MediaError = RecorderError | 'wrongType';

/** The live camera picture while a video is being recorded (muted, so there is no echo). */
function LivePreview({ stream, label }: { stream: MediaStream; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      muted
      playsInline
      aria-label={label}
      style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#000' }}
    />
  );
}

/**
 * An audio or video answer: recorded in the browser (MediaRecorder) or uploaded. The answer holds an
 * object URL for playback; the File goes to `onFile` so the attempts API can upload it.
 */
export function MediaResponse({
  kind,
  answer,
  update,
  disabled,
  idPrefix,
  onFile,
}: ResponsePartProps & { kind: MediaKind }) {
  const { t } = useTranslation('questions');
  const [uploadError, setUploadError] = useState<MediaError | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Object URLs this component made; the one replaced by a new take or file is released.
  const ownUrls = useRef(new Set<string>());

  const replaceMedia = (file: File, url: string) => {
    const previous = answer.mediaUrl;
    if (previous && ownUrls.current.has(previous)) {
      URL.revokeObjectURL(previous);
      ownUrls.current.delete(previous);
    }
    ownUrls.current.add(url);
    update({ mediaUrl: url, fileName: file.name });
    onFile?.(file);
  };

  // The record and stop buttons replace each other; focus follows so a keyboard user isn't dropped
  // on the page body (also when recording stops by itself at the time limit).
  const recordButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'stop' | 'record' | null>(null);
  const stopFocused = useRef(false);

  const recorder = useMediaRecorder({
    kind,
    onRecorded: (recording) => {
      replaceMedia(recording.file, recording.url);
      setAnnouncement(t('openPlayer.media.recorded', { time: formatDuration(recording.seconds) }));
    },
  });

  const upload = (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith(`${kind}/`)) {
      setUploadError('wrongType');
      return;
    }
    setUploadError(null);
    recorder.reset();
    replaceMedia(file, URL.createObjectURL(file));
    setAnnouncement(t('openPlayer.media.uploaded', { name: file.name }));
  };

  const start = async () => {
    setUploadError(null);
    focusNext.current = 'stop';
    await recorder.start();
  };

  useEffect(() => {
    if (recorder.status === 'recording') setAnnouncement(t('openPlayer.media.started'));
  }, [recorder.status, t]);

  useEffect(() => {
    if (recorder.status === 'recording' && focusNext.current === 'stop') {
      focusNext.current = null;
      stopButton.current?.focus();
    } else if (
      recorder.status !== 'recording' &&
      recorder.status !== 'requesting' &&
      (focusNext.current === 'record' || stopFocused.current)
    ) {
      focusNext.current = null;
      stopFocused.current = false;
      recordButton.current?.focus();
    }
  }, [recorder.status]);

  const error: MediaError | null = uploadError ?? recorder.error;
  const recording = recorder.status === 'recording';
  const requesting = recorder.status === 'requesting';
  const playbackUrl = recording ? null : safeUrl(answer.mediaUrl);
  const labelId = `${idPrefix}-media-label`;
  const Icon = kind === 'audio' ? IconMicrophone : IconVideo;

  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="div">
        {t(`openPlayer.media.${kind}.label`)}
      </Input.Label>
      {!disabled && (
        <Text size="sm" c="dimmed">
          {recorder.supported ? t(`openPlayer.media.${kind}.hint`) : t('openPlayer.media.uploadOnlyHint')}
        </Text>
      )}

      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {t(`openPlayer.media.${kind}.errors.${error}`)}
        </Alert>
      )}

      {recording && kind === 'video' && recorder.stream && (
        <LivePreview stream={recorder.stream} label={t('openPlayer.media.video.livePreview')} />
      )}

      {playbackUrl && (
        <Box>
          {kind === 'audio' ? (
            <audio
              controls
              src={playbackUrl}
              aria-label={t('openPlayer.media.audio.playback')}
              style={{ width: '100%', maxWidth: 480 }}
            />
          ) : (
            <video
              controls
              playsInline
              src={playbackUrl}
              aria-label={t('openPlayer.media.video.playback')}
              style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#000' }}
            />
          )}
          {answer.fileName && (
            <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {answer.fileName}
            </Text>
          )}
        </Box>
      )}

      {!playbackUrl && !recording && disabled && (
        <Text size="sm" c="dimmed">
          {t('openPlayer.media.nothingYet')}
        </Text>
      )}

      {!disabled && (
        <Group gap="sm">
          {recording ? (
            <>
              <Button
                ref={stopButton}
                color="red"
                leftSection={<IconPlayerStopFilled size={16} />}
                onClick={() => {
                  focusNext.current = 'record';
                  recorder.stop();
                }}
                onFocus={() => {
                  stopFocused.current = true;
                }}
                onBlur={() => {
                  stopFocused.current = false;
                }}
              >
                {t('openPlayer.media.stop')}
              </Button>
              <Text role="timer" fw={600} c="red.8">
                <span aria-hidden>● </span>
                <VisuallyHidden>{t('openPlayer.media.elapsed')}: </VisuallyHidden>
                {formatDuration(recorder.elapsed)}
              </Text>
            </>
          ) : (
            <>
              {recorder.supported && (
                <Button
                  ref={recordButton}
                  leftSection={playbackUrl ? <IconRefresh size={16} /> : <Icon size={16} />}
                  onClick={start}
                  // Not `loading`: that disables the button, and a disabled button drops the focus.
                  aria-busy={requesting || undefined}
                  variant={playbackUrl ? 'default' : 'filled'}
                >
                  {playbackUrl ? t('openPlayer.media.recordAgain') : t(`openPlayer.media.${kind}.record`)}
                </Button>
              )}
              <FileButton onChange={upload} accept={`${kind}/*`}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    disabled={requesting}
                  >
                    {playbackUrl ? t('openPlayer.media.uploadAnother') : t(`openPlayer.media.${kind}.upload`)}
                  </Button>
                )}
              </FileButton>
            </>
          )}
        </Group>
      )}
      {requesting && (
        <Text size="sm" c="dimmed">
          {t(`openPlayer.media.${kind}.requesting`)}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
