import { vi } from 'vitest';

/**
 * Test doubles for the browser's recording APIs, which jsdom lacks: a MediaRecorder that emits one
 * chunk on stop, getUserMedia that succeeds or fails with a DOMException, and object URLs.
 */
export class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  stream: MediaStream;

  constructor(stream: MediaStream) {
    super();
    this.stream = stream;
    this.mimeType = 'audio/webm;codecs=opus';
    FakeMediaRecorder.instances.push(this);
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    const data = new Blob(['recorded-bytes'], { type: this.mimeType });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

export interface FakeTrack {
  stop: ReturnType<typeof vi.fn>;
}

export function fakeStream(): MediaStream & { tracks: FakeTrack[] } {
  const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
  return { tracks, getTracks: () => tracks } as unknown as MediaStream & { tracks: FakeTrack[] };
}

/** Installs the doubles; returns the getUserMedia mock to program per test and a restore function. */
export function installMediaDoubles() {
  FakeMediaRecorder.instances = [];
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => fakeStream());
  const previousRecorder = window.MediaRecorder;
  const previousDevices = navigator.mediaDevices;
  const previousCreate = URL.createObjectURL;
  const previousRevoke = URL.revokeObjectURL;
  let urls = 0;
  Object.defineProperty(window, 'MediaRecorder', {
    configurable: true,
    writable: true,
    value: FakeMediaRecorder,
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  URL.createObjectURL = vi.fn(() => `blob:test/${++urls}`);
  URL.revokeObjectURL = vi.fn();
  return {
    getUserMedia,
    restore() {
      Object.defineProperty(window, 'MediaRecorder', {
        configurable: true,
        writable: true,
        value: previousRecorder,
      });
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: previousDevices });
      URL.createObjectURL = previousCreate;
      URL.revokeObjectURL = previousRevoke;
    },
  };
}

export const domError = (name: string) => new DOMException('test', name);
