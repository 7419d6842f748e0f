import { describe, expect, it } from 'vitest';
import { callableUrl } from '@/lib/firebase/callables';

describe('callableUrl', () => {
  it("names a callable on the page's own origin, whatever page calls it", () => {
    expect(callableUrl('https://play.example.com', 'placeOrder')).toBe(
      'https://play.example.com/api/placeOrder',
    );
    expect(callableUrl('http://192.168.1.20:5173', 'joinAs')).toBe(
      'http://192.168.1.20:5173/api/joinAs',
    );
  });
});
