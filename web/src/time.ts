// Times and durations as players read them: days and hours left, deadlines in the viewer's
// time zone (the one of their settings, else the browser's) and in UTC.
import { me } from './session';

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
  if (days > 0) return `${days} d ${hours} h`;
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function localTime(iso: string): string {
  const d = new Date(iso);
  const zone = me()?.time_zone;
  if (zone) {
    try {
      // sv-SE writes dates as 2026-11-25 10:00.
      return new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit',
        hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
    } catch {
      // an unknown zone: the browser's
    }
  }
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function utcTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

// "2026-11-30 18:00 (17:00 UTC)": local first, UTC date only when it differs.
export function deadline(iso: string): string {
  const local = localTime(iso);
  const utc = utcTime(iso);
  return local.slice(0, 10) === utc.slice(0, 10) ? `${local} (${utc.slice(11)})` : `${local} (${utc})`;
}

export function untilNow(iso: string): number {
  return (new Date(iso).getTime() - Date.now()) / 1000;
}
