/**
 * The address of an HTTP function (`onRequest`), which `httpsCallable` cannot reach: the Functions
 * emulator's `http://<host>:<port>/<project>/<region>/<name>` on the local stack, and in production
 * the region address `https://<region>-<project>.cloudfunctions.net/<name>`, the same host the
 * callables SDK uses (the function answers CORS for the app's origins). Pure.
 */
import type { AppConfig } from '@/lib/config';

export function functionUrl(
  config: Pick<AppConfig, 'useEmulators' | 'functionsEmulator' | 'functionsRegion' | 'firebase'>,
  name: string,
): string {
  const { projectId } = config.firebase;
  const region = config.functionsRegion;
  if (config.useEmulators) {
    const { host, port } = config.functionsEmulator;
    return `http://${host}:${port}/${projectId}/${region}/${name}`;
  }
  return `https://${region}-${projectId}.cloudfunctions.net/${name}`;
}
