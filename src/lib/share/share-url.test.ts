import { describe, expect, it } from 'vitest';
import { shareUrlOf } from '@/lib/share/share-url';

describe('shareUrlOf', () => {
  it("uses the page's origin outside classroom mode", () => {
    expect(shareUrlOf('/session/abc/lobby', 'https://app.example.com', undefined)).toBe(
      'https://app.example.com/session/abc/lobby',
    );
  });

  it('uses the LAN address in classroom mode, whatever host the instructor is on', () => {
    expect(shareUrlOf('/game/g1/intro', 'http://127.0.0.1:5173', 'http://192.168.1.20:5173')).toBe(
      'http://192.168.1.20:5173/game/g1/intro',
    );
    expect(shareUrlOf('game/g1', 'http://127.0.0.1:5173', 'http://[fd00::5]:5173/')).toBe(
      'http://[fd00::5]:5173/game/g1',
    );
  });
});
