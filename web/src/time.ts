// Times and durations as players read them: days and hours left, deadlines in the viewer's
// time zone (the one of their settings, else the browser's) and in UTC.
import { me } from './session';
import { language, t } from './i18n/i18n';

// The whole seconds left on a clock at `now` (ms), by one rule for every viewer, so two
// players read the same text at the same moment. `remaining` is the server's
// `remaining_seconds` from an answer that arrived at `arrivedAt` (ms). Under the ICCF control
// the server charges whole days (rules.md 3.2: the clock shown is the clock minus the whole
// days charged so far), so its figure stands as it is until the next charge (the page reads
// the game again then, see nextCharge); under the others time is charged by the second and
// a running clock counts down from the answer's arrival. Always rounded down.
export function clockLeft(remaining: number, running: boolean, arrivedAt: number, now: number,
  wholeDays = false): number {
  const left = running && !wholeDays ? remaining - (now - arrivedAt) / 1000 : remaining;
  return Math.max(0, Math.floor(left));
}

// Milliseconds from `now` until the next whole-day charge of a running ICCF clock whose flag
// falls at `deadline` (ms): charges fall on the whole days of the same grid as the deadline.
export function nextCharge(deadline: number, now: number): number {
  const day = 86400000;
  const rest = (deadline - now) % day;
  return rest > 0 ? rest : day;
}

// Days and hours (or hours and minutes, or minutes), always rounded down.
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  if (days > 0) return t('time.days_hours', { d: days, h: hours });
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? t('time.hours_minutes', { h: hours, m: minutes }) : t('time.minutes', { m: minutes });
}

// Dates and times through Intl.DateTimeFormat in the player's language and time zone (the
// profile's, else the browser's). English keeps the ISO-like form (2026-11-25 10:00, sv-SE's
// way of writing); German writes 25.11.2026, 10:00, Spanish 25/11/2026, 10:00.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | undefined, withTime: boolean): Intl.DateTimeFormat {
  const locale = language() === 'en' ? 'sv-SE' : language();
  const key = `${locale}|${timeZone ?? ''}|${withTime}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    if (withTime) Object.assign(options, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat(locale, options);  // an unknown zone: the browser's
    }
    formats.set(key, f);
  }
  return f;
}

const zone = () => me()?.time_zone ?? undefined;

// "2026-11-25 10:00" (de "25.11.2026, 10:00") in the player's zone.
export function localTime(iso: string): string {
  return formatter(zone(), true).format(new Date(iso));
}

// "2026-11-25" (de "25.11.2026") in the player's zone.
export function localDate(iso: string): string {
  return formatter(zone(), false).format(new Date(iso));
}

// A calendar date without a time of day ("2030-01-08": leave, a series' days) written the
// language's way (de "08.01.2030"); no time zone moves it to another day.
export function calendarDate(ymd: string): string {
  return formatter('UTC', false).format(new Date(`${ymd}T00:00:00Z`));
}

// The time of day of `at` with seconds ("14:05:09") in the player's zone.
export function clockTime(at: Date): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
  const locale = language() === 'en' ? 'sv-SE' : language();
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: zone() }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(at);  // an unknown zone: the browser's
  }
}

export function utcTime(iso: string): string {
  return `${formatter('UTC', true).format(new Date(iso))} UTC`;
}

// "2026-11-30 18:00 (17:00 UTC)": local first, UTC date only when it differs.
export function deadline(iso: string): string {
  const d = new Date(iso);
  const sameDay = formatter(zone(), false).format(d) === formatter('UTC', false).format(d);
  const utc = new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return sameDay ? `${localTime(iso)} (${utc} UTC)` : `${localTime(iso)} (${utcTime(iso)})`;
}

export function untilNow(iso: string): number {
  return (new Date(iso).getTime() - Date.now()) / 1000;
}
