import { describe, expect, it } from 'vitest';
import { createCommitGate } from '@/lib/perf/first-commit';

describe('the first commit gate', () => {
  it('holds what comes before the commit and runs it, in order, when the commit is done', () => {
    const gate = createCommitGate();
    const ran: string[] = [];
    gate.after(() => ran.push('profile'));
    gate.after(() => ran.push('profile error'));
    expect(ran).toEqual([]);
    gate.open();
    expect(ran).toEqual(['profile', 'profile error']);
  });

  it('runs at once what comes after the commit, and a second opening runs nothing again', () => {
    const gate = createCommitGate();
    const ran: string[] = [];
    gate.after(() => ran.push('before'));
    gate.open();
    gate.after(() => ran.push('after'));
    gate.open();
    expect(ran).toEqual(['before', 'after']);
  });
});
