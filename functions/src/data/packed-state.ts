/**
 * A game's core state as its documents store it: JSON text in `state`, gzipped and base64 with
 * `format: 'gzip'` when longer than a game's limit. A document holds at most 1 MiB, and a smaller
 * one is written and read faster; a beer game's state grows every week (decision 0037). The SPA
 * unpacks it with `src/lib/data/packed-state.ts`.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { DocData } from '@sim/core/port/data-port';

/** The `state` field, and `format: 'gzip'` when it is packed, for JSON text `text`. */
export function packedStateFields(text: string, above: number): { state: string; format?: 'gzip' } {
  if (text.length <= above) return { state: text };
  return { state: gzipSync(text).toString('base64'), format: 'gzip' };
}

/**
 * The document with its state as JSON text (`format: 'json'`) when it was packed; any other
 * document as it is.
 */
export function unpackedState(data: DocData | undefined): DocData | undefined {
  if (!data || data.format !== 'gzip' || typeof data.state !== 'string') return data;
  return {
    ...data,
    format: 'json',
    state: gunzipSync(Buffer.from(data.state, 'base64')).toString('utf8'),
  };
}
