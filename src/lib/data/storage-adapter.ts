/** The file half of the Firebase data port: logos on Cloud Storage (`firebase/storage`). */
import type { FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytes,
} from 'firebase/storage';
import type { FilePort } from '@sim/core/port/data-port';
import { guard } from './firestore-adapter';

export function createStoragePort(
  app: FirebaseApp,
  emulator: { readonly host: string; readonly port: number } | undefined,
): FilePort {
  const storage = getStorage(app);
  if (emulator) connectStorageEmulator(storage, emulator.host, emulator.port);
  return {
    upload: (path, bytes, contentType) =>
      guard(async () => {
        await uploadBytes(ref(storage, path), bytes, { contentType });
      }),
    downloadUrl: (path) => guard(() => getDownloadURL(ref(storage, path))),
    delete: (path) => guard(() => deleteObject(ref(storage, path))),
  };
}
