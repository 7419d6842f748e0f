/**
 * Every message key the backend can send has a text in every language: the keys of each
 * `CallableError` in functions/src, the wrapper's keys for port errors, and the lean core's keys
 * of a refused action, which `leanAction` sends as they are. A key missing here would reach a
 * player as a bare word. Dotted keys (`lean.desk.busy`) are nested objects in errors.json.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAN_ACTION_ISSUES } from '@sim/core/lean/game-docs';

const root = resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

function backendKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(join(root, 'functions/src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new CallableError\(\s*'[a-z-]+',\s*'([A-Za-z0-9_.]+)'/g)) {
      keys.add(m[1]!);
    }
    // The wrapper's keys for port errors and invalid payloads.
    for (const m of text.matchAll(/messageKey: '([A-Za-z0-9_]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/^\s+'?[a-z-]+'?: '(error[A-Za-z]+)',$/gm)) keys.add(m[1]!);
  }
  for (const key of LEAN_ACTION_ISSUES) keys.add(key);
  return keys;
}

/** The text at a dotted key of a translation file, if it is one. */
function textAt(texts: unknown, key: string): unknown {
  let node = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

describe('message keys of the backend', () => {
  const keys = backendKeys();
  const languages = readdirSync(join(root, 'locales'));

  it('are found in the sources (the scan works)', () => {
    expect(keys).toContain('roleTaken');
    expect(keys).toContain('errorPermissionDenied');
    expect(keys).toContain('lean.improvement.locked');
    expect(keys).toContain('lean.pokayoke.wrongTool');
    expect(keys.size).toBeGreaterThan(20);
  });

  for (const lang of languages) {
    it(`each has a text in ${lang}/errors.json`, () => {
      const texts: unknown = JSON.parse(
        readFileSync(join(root, 'locales', lang, 'errors.json'), 'utf8'),
      );
      const missing = [...keys].filter((k) => typeof textAt(texts, k) !== 'string');
      expect(missing).toEqual([]);
    });
  }
});
