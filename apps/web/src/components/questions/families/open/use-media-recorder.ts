import { useCallback, useEffect, useRef, useState } from 'react';

export type MediaKind = 'audio' | 'video';
export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'stopped';
/** Why recording could not start or finish; each has a translated message in the player. */
export type RecorderError = 'permissionDenied' | 'noDevice' | 'deviceBusy' | 'unsupported' | 'failed';

export interface Recording {
  blob: Blob;
  url: string;
  file: File;
  seconds: number;
}

export interface MediaRecorderOptions {
  kind: MediaKind;
  /** Called once per finished recording. */
  onRecorded?(recording: Recording): void;
  /** Recording stops by itself after this long, so a forgotten recorder can't fill memory. */
  maxSeconds?: number;
}

export interface MediaRecorderState {
  status: RecorderStatus;
  error: RecorderError | null;
  /** Whole seconds recorded so far (or in total once stopped). */
  elapsed: number;
  /** The live camera/microphone stream while recording (for a video preview). */
  stream: MediaStream | null;
  recording: Recording | null;
  supported: boolean;
  start(): Promise<void>;
  stop(): void;
  /** Forget the last recording (its object URL stays valid: the answer may still point at it). */
  reset(): void;
}

const DEFAULT_MAX_SECONDS = 10 * 60;

export function isRecordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** Maps getUserMedia / MediaRecorder failures (DOMException names) onto what we tell the user. */
export function recorderErrorOf(error: unknown): RecorderError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permissionDenied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noDevice';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'deviceBusy';
    default:
      return 'failed';
  }
}

const EXTENSIONS: Record<string, string> = {
  webm: 'webm',
  ogg: 'ogg',
  mp4: 'mp4',
  mpeg: 'mp3',
  wav: 'wav',
  'x-matroska': 'mkv',
  aac: 'aac',
};

/** A file name for a recording, from its MIME type (e.g. 'audio/webm;codecs=opus' → .webm). */
export function recordingFileName(kind: MediaKind, mimeType: string, date = new Date()): string {
  const subtype = mimeType.split(';')[0]?.split('/')[1]?.trim() ?? '';
  const ext = EXTENSIONS[subtype] ?? 'webm';
  const stamp = date.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `${kind}-recording-${stamp}.${ext}`;
}

/**
 * Records audio or video from the browser's microphone/camera with MediaRecorder: start asks for
 * permission, stop assembles the chunks into a Blob, an object URL and a File. Errors (permission
 * denied, no device, unsupported browser) come back as codes, never as throws.
 */
export function useMediaRecorder({
  kind,
  onRecorded,
  maxSeconds = DEFAULT_MAX_SECONDS,
}: MediaRecorderOptions): MediaRecorderState {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [error, setError] = useState<RecorderError | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);

  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const startedAtRef = useRef(0);
  const mountedRef = useRef(true);
  const requestingRef = useRef(false);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;

  const stopTimer = () => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
  };

  const releaseStream = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (mountedRef.current) setStream(null);
  };

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    // One request at a time: a second press while the browser asks for permission does nothing.
    if (requestingRef.current || (recorderRef.current && recorderRef.current.state !== 'inactive')) return;
    setError(null);
    if (!isRecordingSupported()) {
      setError('unsupported');
      return;
    }
    setStatus('requesting');
    requestingRef.current = true;
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia(
        kind === 'video' ? { audio: true, video: true } : { audio: true },
      );
    } catch (cause) {
      requestingRef.current = false;
      if (!mountedRef.current) return;
      setError(recorderErrorOf(cause));
      setStatus(recording ? 'stopped' : 'idle');
      return;
    }
    requestingRef.current = false;
    if (!mountedRef.current) {
      media.getTracks().forEach((track) => track.stop());
      return;
    }

    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(media);
    } catch (cause) {
      media.getTracks().forEach((track) => track.stop());
      setError(recorderErrorOf(cause));
      setStatus('idle');
      return;
    }
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data && event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('error', () => {
      stopTimer();
      releaseStream();
      recorderRef.current = null;
      if (!mountedRef.current) return;
      setError('failed');
      setStatus('idle');
    });
    recorder.addEventListener('stop', () => {
      stopTimer();
      releaseStream();
      recorderRef.current = null;
      if (!mountedRef.current) return;
      const seconds = Math.round((Date.now() - startedAtRef.current) / 1000);
      const type = recorder.mimeType || chunks[0]?.type || `${kind}/webm`;
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setError('failed');
        setStatus('idle');
        return;
      }
      const file = new File([blob], recordingFileName(kind, type), { type });
      const result: Recording = { blob, url: URL.createObjectURL(blob), file, seconds };
      setElapsed(seconds);
      setRecording(result);
      setStatus('stopped');
      onRecordedRef.current?.(result);
    });

    recorderRef.current = recorder;
    streamRef.current = media;
    setStream(media);
    startedAtRef.current = Date.now();
    setElapsed(0);
    // A timeslice makes the browser hand over data regularly, so a long take isn't one huge chunk.
    recorder.start(1000);
    setStatus('recording');
    timerRef.current = setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAtRef.current) / 1000);
      setElapsed(seconds);
      if (seconds >= maxSeconds) stop();
    }, 250);
  }, [kind, maxSeconds, recording, stop]);

  const reset = useCallback(() => {
    setRecording(null);
    setElapsed(0);
    setError(null);
    setStatus('idle');
  }, []);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      // Leaving the page mid-recording must switch the camera/microphone off.
      mountedRef.current = false;
      stopTimer();
      const recorder = recorderRef.current;
      recorderRef.current = null;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, []);

  return {
    status,
    error,
    elapsed,
    stream,
    recording,
    supported: isRecordingSupported(),
    start,
    stop,
    reset,
  };
}

/** 75 → '1:15'. */
export function formatDuration(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}
