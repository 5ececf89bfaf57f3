// The build's check of the message catalogues (src/i18n/*.json, scripts/build-web runs it
// before every build): every catalogue has exactly the keys of en.json, a plural message
// (an object) has the form "other" and only forms of the CLDR categories of its language
// (Intl.PluralRules), the "one" form where the language has one, and the same {placeholders}
// as English; every t('key') and tParts('key') in src/ names a key of en.json. Exits non-zero
// with the problems listed.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'src/i18n';
const problems = [];
const load = (lang) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8'));
const en = load('en');
const langs = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));

const placeholders = (message) => {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort().join(',');
};

for (const lang of langs) {
  const catalogue = load(lang);
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  for (const key of Object.keys(en)) {
    if (!(key in catalogue)) problems.push(`${lang}.json lacks "${key}"`);
  }
  for (const [key, message] of Object.entries(catalogue)) {
    if (!(key in en)) {
      problems.push(`${lang}.json has "${key}", which en.json has not`);
      continue;
    }
    if (typeof message !== typeof en[key]) {
      problems.push(`${lang}.json "${key}": ${typeof en[key] === 'string' ? 'a text' : 'a plural'} in en.json`);
      continue;
    }
    if (typeof message === 'object') {
      if (typeof message.other !== 'string') problems.push(`${lang}.json "${key}": no "other" form`);
      if (categories.includes('one') && typeof message.one !== 'string') problems.push(`${lang}.json "${key}": no "one" form`);
      for (const form of Object.keys(message)) {
        if (!categories.includes(form)) problems.push(`${lang}.json "${key}": "${form}" is no plural category of ${lang} (${categories.join(', ')})`);
      }
    } else if (typeof message !== 'string' || message === '') {
      problems.push(`${lang}.json "${key}": empty`);
    }
    if (placeholders(message) !== placeholders(en[key])) {
      problems.push(`${lang}.json "${key}": placeholders {${placeholders(message)}}, en.json {${placeholders(en[key])}}`);
    }
  }
}

function sources(path) {
  return statSync(path).isDirectory()
    ? readdirSync(path).flatMap((f) => (f === 'generated' ? [] : sources(join(path, f))))
    : path.endsWith('.ts') ? [path] : [];
}
let uses = 0;
for (const file of sources('src')) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bt(?:Parts)?\(\s*(['"])([^'"]+)\1/g)) {
    uses += 1;
    if (!(m[2] in en)) problems.push(`${file}: '${m[2]}' is not in en.json`);
  }
}

if (problems.length) {
  console.error(`check-i18n: ${problems.length} problem(s):\n  ` + problems.join('\n  '));
  process.exit(1);
}
console.log(`check-i18n: ${langs.length} catalogues of ${Object.keys(en).length} messages, ${uses} uses in src/`);
