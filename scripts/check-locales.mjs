#!/usr/bin/env node
/**
 * Locale coverage: every key of locales/en/translation.json must exist, as a non-empty string with
 * the same {{placeholders}}, in each of the other locales of spec §9. Prints what is missing per
 * language and exits non-zero when anything is missing; keys only present in a translation are
 * listed as a warning. Plural keys (`_one`, `_other`…) are expected in each language's own plural
 * categories (`Intl.PluralRules`), as i18next looks them up.
 */
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'cs', 'ro'];
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');

function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object' && !Array.isArray(child))
      flatten(child, path, out);
    else out.set(path, child);
  }
  return out;
}

function placeholders(text) {
  return [...String(text).matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

/** A language's keys: translation.json at the top, each <feature>.json under `<feature>.`. */
function load(locale) {
  const dir = join(root, locale);
  const wanted = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));
  const keys = new Map();
  for (const name of wanted) {
    const file = join(dir, name);
    if (!existsSync(file)) return { error: `missing file ${join('locales', locale, name)}` };
    try {
      const content = JSON.parse(readFileSync(file, 'utf8'));
      const base = name === 'translation.json' ? '' : name.slice(0, -'.json'.length);
      flatten(content, base, keys);
    } catch (error) {
      return { error: `cannot parse ${file}: ${error.message}` };
    }
  }
  return { keys };
}

const en = load('en');
if (en.error) {
  console.error(`en: ${en.error}`);
  process.exit(1);
}

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The base of a plural key (`players` of `players_one`) when English has its `_other` form. */
function pluralOf(key) {
  const cut = key.lastIndexOf('_');
  if (cut < 0 || !PLURAL_SUFFIXES.includes(key.slice(cut + 1))) return null;
  const base = key.slice(0, cut);
  return en.keys.has(`${base}_other`) ? base : null;
}

const pluralBases = new Set([...en.keys.keys()].map(pluralOf).filter((b) => b !== null));

let failures = 0;
for (const locale of LOCALES.slice(1)) {
  const loaded = load(locale);
  if (loaded.error) {
    console.error(`${locale}: ${loaded.error}`);
    failures++;
    continue;
  }
  const missing = [];
  const badPlaceholders = [];
  // Plural keys follow the language's own categories (i18next suffixes from Intl.PluralRules):
  // Polish needs `_one`, `_few`, `_many` and `_other` where English has `_one` and `_other`.
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const expected = new Map();
  for (const [key, text] of en.keys) {
    const plural = pluralOf(key);
    if (!plural) expected.set(key, text);
  }
  for (const base of pluralBases) {
    for (const category of categories) {
      expected.set(
        `${base}_${category}`,
        en.keys.get(`${base}_${category}`) ?? en.keys.get(`${base}_other`),
      );
    }
  }
  for (const [key, text] of expected) {
    const translated = loaded.keys.get(key);
    if (typeof translated !== 'string' || translated.trim() === '') missing.push(key);
    else if (placeholders(translated) !== placeholders(text)) badPlaceholders.push(key);
  }
  const extra = [...loaded.keys.keys()].filter((key) => !expected.has(key));
  if (missing.length > 0) {
    failures++;
    console.error(`${locale}: ${missing.length} missing key(s)`);
    for (const key of missing) console.error(`  - ${key}`);
  }
  if (badPlaceholders.length > 0) {
    failures++;
    console.error(
      `${locale}: ${badPlaceholders.length} key(s) with different {{placeholders}} than en`,
    );
    for (const key of badPlaceholders) console.error(`  - ${key}`);
  }
  if (extra.length > 0) {
    console.warn(`${locale}: ${extra.length} key(s) not in en (unused)`);
    for (const key of extra) console.warn(`  ~ ${key}`);
  }
  if (missing.length === 0 && badPlaceholders.length === 0) {
    console.log(`${locale}: ${en.keys.size} keys, complete`);
  }
}

if (failures > 0) {
  console.error(`Locale check failed (${failures} problem group(s)).`);
  process.exit(1);
}
console.log(`All ${LOCALES.length - 1} translations cover the ${en.keys.size} English keys.`);
