import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SEEN_KEY,
  markSeen,
  parseChangelog,
  readLastSeen,
  unreadEntries,
} from '@/features/changelog/changelog-model';
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

function memory(initial: Record<string, string> = {}): KeyValueStorage & { data: typeof initial } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const broken: KeyValueStorage = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('blocked');
  },
};

const ENTRIES = parseChangelog({
  entries: [
    { id: 'older', date: '2026-10-01' },
    { id: 'newest', date: '2026-11-24' },
    { id: 'same-day', date: '2026-11-24' },
    { id: 'middle', date: '2026-11-02' },
    { id: 'Bad Id', date: '2026-11-03' },
    { id: 'no-date' },
    { id: 'bad-date', date: '24/11/2026' },
    'junk',
  ],
});

describe('changelog entries', () => {
  it('keeps valid entries, newest first, a day keeping the file order', () => {
    expect(ENTRIES.map((e) => e.id)).toEqual(['newest', 'same-day', 'middle', 'older']);
    expect(parseChangelog(null)).toEqual([]);
    expect(parseChangelog({ entries: 'x' })).toEqual([]);
  });

  it("has the project's own file, dated, with English text for every entry", () => {
    const root = join(__dirname, '..', '..', '..');
    const raw: unknown = JSON.parse(readFileSync(join(root, 'changelog.json'), 'utf8'));
    const entries = parseChangelog(raw);
    expect(entries.length).toBe((raw as { entries: unknown[] }).entries.length);
    const english = JSON.parse(
      readFileSync(join(root, 'locales', 'en', 'changelog.json'), 'utf8'),
    ) as { entries: Record<string, { title?: string; body?: string }> };
    for (const entry of entries) {
      expect(english.entries[entry.id]?.title, entry.id).toBeTruthy();
      expect(english.entries[entry.id]?.body, entry.id).toBeTruthy();
    }
  });
});

describe('unread count', () => {
  it('counts every entry in a browser that has seen none', () => {
    expect(unreadEntries(ENTRIES, readLastSeen(memory()))).toHaveLength(4);
  });

  it('counts the entries after the last one seen', () => {
    expect(unreadEntries(ENTRIES, '2026-11-02').map((e) => e.id)).toEqual(['newest', 'same-day']);
    expect(unreadEntries(ENTRIES, '2026-11-24')).toEqual([]);
  });

  it('is zero once the bell was opened, and counts a newer entry again', () => {
    const storage = memory();
    const seen = markSeen(storage, ENTRIES, readLastSeen(storage));
    expect(seen).toBe('2026-11-24');
    expect(storage.data[SEEN_KEY]).toBe('2026-11-24');
    expect(unreadEntries(ENTRIES, readLastSeen(storage))).toEqual([]);
    const later = [{ id: 'later', date: '2026-12-01' }, ...ENTRIES];
    expect(unreadEntries(later, readLastSeen(storage)).map((e) => e.id)).toEqual(['later']);
  });

  it('never moves the date back, and ignores a stored value that is not a date', () => {
    const storage = memory({ [SEEN_KEY]: '2027-01-01' });
    expect(markSeen(storage, ENTRIES, readLastSeen(storage))).toBe('2027-01-01');
    expect(storage.data[SEEN_KEY]).toBe('2027-01-01');
    expect(readLastSeen(memory({ [SEEN_KEY]: '<script>' }))).toBeNull();
  });

  it('treats a blocked storage as nothing seen, without failing', () => {
    expect(readLastSeen(broken)).toBeNull();
    expect(markSeen(broken, ENTRIES, null)).toBe('2026-11-24');
    expect(readLastSeen(null)).toBeNull();
  });
});
