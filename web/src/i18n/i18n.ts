// The player's language: message catalogues (one JSON file per language beside this file,
// en.json the reference), t(key, params) to look a message up, plural forms chosen by the
// browser's CLDR rules (Intl.PluralRules), numbers through Intl.NumberFormat. The language is
// the profile's (`language` of GET /api/v1/me), else the first of the browser's
// (navigator.languages) that has a catalogue, else English. web/README.md "Languages" says
// how to add a message or a language; scripts/build-web runs check-i18n.mjs.
import en from './en.json';
import de from './de.json';
import es from './es.json';

export type MessageKey = keyof typeof en;
// A plural message: one text per CLDR category the language uses ("other" always).
export type PluralMessage = { [category in Intl.LDMLPluralRule]?: string } & { other: string };
export type Message = string | PluralMessage;
export type Catalogue = Record<MessageKey, Message>;

// The languages with a catalogue, each named in itself (for the language picker).
export const languageNames = { en: 'English', de: 'Deutsch', es: 'Español' } as const;
export type Language = keyof typeof languageNames;
const catalogues: Record<Language, Catalogue> = { en, de, es };

let current: Language = 'en';
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');

// The language with a catalogue of a BCP 47 tag ("de-AT" -> "de"), null when there is none.
export function supportedLanguage(tag: string | null | undefined): Language | null {
  const primary = (tag ?? '').split('-')[0].toLowerCase();
  return primary in catalogues ? (primary as Language) : null;
}

// The profile's language, else the browser's first with a catalogue, else English.
export function preferredLanguage(profile: string | null | undefined): Language {
  const chosen = supportedLanguage(profile);
  if (chosen) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lang = supportedLanguage(tag);
    if (lang) return lang;
  }
  return 'en';
}

export function setLanguage(lang: Language): void {
  current = lang;
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
  document.documentElement.lang = lang;
}

export function language(): Language {
  return current;
}

export function formatNumber(n: number): string {
  return numbers.format(n);
}

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

// The message `key` in the current language with each {name} replaced by params[name]
// (numbers through Intl.NumberFormat). A plural message picks its form by params.n.
// English stands in for a message the language lacks (check-i18n.mjs prevents that).
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const message = catalogues[current][key] ?? catalogues.en[key] ?? key;
  if (typeof message === 'string') return fill(message, params);
  const n = typeof params.n === 'number' ? params.n : Number(params.n ?? 0);
  return fill(message[plurals.select(n)] ?? message.other, params);
}

// The message `key` as text and DOM nodes, for a sentence with a link (or other element) in
// it: each {name} whose parameter is a node becomes that node, the rest is filled as by t().
// tParts('profile.norm', { title: 'IM', event: link }) -> ['IM in ', <a>, ' (9 games, …)'].
export function tParts(key: MessageKey, params: Record<string, string | number | Node>): (string | Node)[] {
  const nodes: Record<string, Node> = {};
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'object') nodes[name] = value;
    else plain[name] = value;
  }
  return t(key, plain).split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 ? nodes[part] ?? `{${part}}` : part))
    .filter((part) => part !== '');
}

// Whether `key` names a message (for keys made at run time, e.g. from a problem's code).
export function hasMessage(key: string): key is MessageKey {
  return key in catalogues.en;
}
