import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domError, FakeMediaRecorder, installMediaDoubles } from './media-test-doubles.ts';
import {
  formatDuration,
  recorderErrorOf,
  recordingFileName,
  useMediaRecorder,
} from './use-media-recorder.ts';

describe('useMediaRecorder', () => {
  let doubles: ReturnType<typeof installMediaDoubles>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    doubles = installMediaDoubles();
  });
  afterEach(() => {
    doubles.restore();
    vi.useRealTimers();
  });

  it('records audio: asks for the microphone only, counts time, and hands over a Blob, URL and File', async () => {
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useMediaRecorder({ kind: 'audio', onRecorded }));
    expect(result.current.status).toBe('idle');
    expect(result.current.supported).toBe(true);

    await act(() => result.current.start());
    expect(doubles.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(result.current.status).toBe('recording');
    expect(result.current.stream).not.toBeNull();

    act(() => vi.advanceTimersByTime(3200));
    expect(result.current.elapsed).toBe(3);

    act(() => result.current.stop());
    expect(result.current.status).toBe('stopped');
    expect(result.current.stream).toBeNull();
    const recording = result.current.recording!;
    expect(recording.url).toBe('blob:test/1');
    expect(recording.blob.type).toBe('audio/webm;codecs=opus');
    expect(recording.file.name).toMatch(/^audio-recording-.*\.webm$/);
    expect(recording.seconds).toBe(3);
    expect(onRecorded).toHaveBeenCalledWith(recording);
  });

  it('turns the microphone off when recording stops', async () => {
    const { result } = renderHook(() => useMediaRecorder({ kind: 'audio' }));
    await act(() => result.current.start());
    const stream = result.current.stream as unknown as { tracks: { stop: () => void }[] };
    act(() => result.current.stop());
    for (const track of stream.tracks) expect(track.stop).toHaveBeenCalled();
  });

  it('asks for camera and microphone for video', async () => {
    const { result } = renderHook(() => useMediaRecorder({ kind: 'video' }));
    await act(() => result.current.start());
    expect(doubles.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
  });

  it('can record again after a take, producing a second recording', async () => {
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useMediaRecorder({ kind: 'audio', onRecorded }));
    await act(() => result.current.start());
    act(() => result.current.stop());
    act(() => result.current.reset());
    expect(result.current.recording).toBeNull();
    expect(result.current.status).toBe('idle');
    await act(() => result.current.start());
    act(() => result.current.stop());
    expect(onRecorded).toHaveBeenCalledTimes(2);
    expect(result.current.recording!.url).toBe('blob:test/2');
  });

  it('stops by itself at the time limit', async () => {
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useMediaRecorder({ kind: 'audio', onRecorded, maxSeconds: 5 }));
    await act(() => result.current.start());
    act(() => vi.advanceTimersByTime(5300));
    expect(result.current.status).toBe('stopped');
    expect(onRecorded).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['NotAllowedError', 'permissionDenied'],
    ['NotFoundError', 'noDevice'],
    ['NotReadableError', 'deviceBusy'],
    ['TypeError', 'failed'],
  ])('reports %s from getUserMedia as %s and stays idle', async (name, code) => {
    doubles.getUserMedia.mockRejectedValueOnce(domError(name));
    const { result } = renderHook(() => useMediaRecorder({ kind: 'audio' }));
    await act(() => result.current.start());
    expect(result.current.error).toBe(code);
    expect(result.current.status).toBe('idle');
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it('says unsupported when the browser has no MediaRecorder', async () => {
    Object.defineProperty(window, 'MediaRecorder', { configurable: true, writable: true, value: undefined });
    const { result } = renderHook(() => useMediaRecorder({ kind: 'audio' }));
    expect(result.current.supported).toBe(false);
    await act(() => result.current.start());
    expect(result.current.error).toBe('unsupported');
    expect(doubles.getUserMedia).not.toHaveBeenCalled();
  });

  it('switches the devices off when unmounted mid-recording', async () => {
    const onRecorded = vi.fn();
    const { result, unmount } = renderHook(() => useMediaRecorder({ kind: 'video', onRecorded }));
    await act(() => result.current.start());
    const stream = result.current.stream as unknown as { tracks: { stop: () => void }[] };
    unmount();
    for (const track of stream.tracks) expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    expect(onRecorded).not.toHaveBeenCalled();
  });
});

describe('recorder helpers', () => {
  it('maps DOMException names to messages', () => {
    expect(recorderErrorOf(domError('SecurityError'))).toBe('permissionDenied');
    expect(recorderErrorOf(domError('OverconstrainedError'))).toBe('noDevice');
    expect(recorderErrorOf('nonsense')).toBe('failed');
  });

  it('names recording files after their type', () => {
    const date = new Date('2026-03-04T05:06:07Z');
    expect(recordingFileName('audio', 'audio/ogg;codecs=opus', date)).toBe(
      'audio-recording-2026-03-04-05-06-07.ogg',
    );
    expect(recordingFileName('video', 'video/mp4', date)).toBe('video-recording-2026-03-04-05-06-07.mp4');
    expect(recordingFileName('video', '', date)).toMatch(/\.webm$/);
  });

  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(600)).toBe('10:00');
  });
});
