/**
 * A game's core state stored packed (`format: 'gzip'`, base64 of gzipped JSON), unpacked in the
 * browser with its own `DecompressionStream`: the backend packs a long state
 * (`functions/src/data/packed-state.ts`, decision 0037).
 */
import type { DocData } from '@sim/core/port/data-port';

/**
 * The document with its state as JSON text (`format: 'json'`) when it was packed; any other
 * document as it is.
 */
export async function unpackedState(data: DocData | undefined): Promise<DocData | undefined> {
  if (!data || data.format !== 'gzip' || typeof data.state !== 'string') return data;
  const bytes = Uint8Array.from(atob(data.state), (char) => char.charCodeAt(0));
  const text = await new Response(
    new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')),
  ).text();
  return { ...data, format: 'json', state: text };
}
