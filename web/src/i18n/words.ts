// Words for the server's stable names (terminations, claim types, states, problem codes):
// the catalogue's message when it has one, else the name made readable.
import { hasMessage, MessageKey, t } from './i18n';

function named(prefix: string, name: string): string {
  const key = `${prefix}.${name}`;
  return hasMessage(key) ? t(key as MessageKey) : name.replace(/_/g, ' ');
}

// "time_forfeit" -> "time forfeit" (de "Zeitüberschreitung").
export const terminationName = (name: string) => named('termination', name);
// "threefold" -> "threefold repetition" (de "dreifache Stellungswiederholung").
export const claimName = (name: string) => named('claim', name);
// "running" -> "running" (de "läuft"): the states the server names (events, series entries,
// cups, leave, games).
export const statusName = (name: string) => named('status', name);
// A problem's readable text by its stable code, null when the catalogue has none.
export function problemText(code: string): string | null {
  return hasMessage(`problem.${code}`) ? t(`problem.${code}` as MessageKey) : null;
}
