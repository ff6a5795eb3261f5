import { intlLocale } from '@vbuilder/shared';

/**
 * The time a student has left, as a teacher reads it at a glance: "1 hr 5 min", "12 min",
 * "4 min 29 sec", "45 sec" in the reader's language (the units and their order from Intl).
 * Seconds only in the last ten minutes, where they matter; above that the minutes are rounded up
 * (a student with 11 min 59 sec left has "12 min"), as the student's own timer never shows less.
 */
export function formatTimeLeft(ms: number, language: string): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit: name, unitDisplay: 'short' }).format(
      value,
    );
  const list = (parts: string[]) =>
    new Intl.ListFormat(language, { type: 'unit', style: 'narrow' }).format(parts);
  if (totalSeconds < 60) return unit(totalSeconds, 'second');
  if (totalSeconds < 10 * 60) {
    const seconds = totalSeconds % 60;
    const minutes = unit(Math.floor(totalSeconds / 60), 'minute');
    return seconds ? list([minutes, unit(seconds, 'second')]) : minutes;
  }
  const totalMinutes = Math.ceil(totalSeconds / 60);
  if (totalMinutes < 60) return unit(totalMinutes, 'minute');
  const minutes = totalMinutes % 60;
  const hours = unit(Math.floor(totalMinutes / 60), 'hour');
  return minutes ? list([hours, unit(minutes, 'minute')]) : hours;
}

/**
 * Milliseconds left now, from the seconds the server counted when it answered and the time the
 * answer arrived (both on this device's clock, so a wrong device clock does not matter).
 */
export const remainingAt = (secondsLeft: number, receivedAt: number, now: number): number =>
  Math.max(0, secondsLeft * 1000 - (now - receivedAt));
