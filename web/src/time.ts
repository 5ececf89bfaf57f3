// Times and durations as players read them: days and hours left, deadlines in the viewer's
// local time and in UTC.

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
