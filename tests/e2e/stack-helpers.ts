/** What several end-to-end tests need from the running stack. */
import { inject } from 'vitest';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';

/** A store client with the service credential, as the functions have. */
export function serviceClient(): LocalStoreClient {
  const stack = inject('stack');
  return new LocalStoreClient({
    url: stack.storeUrl,
    credentials: { kind: 'service', secret: stack.serviceSecret },
    socketFactory: nodeSocketFactory,
  });
}

/** Creates an email account in the Auth emulator and returns its uid. */
export async function signUpInstructor(email: string, password: string): Promise<string> {
  const stack = inject('stack');
  const res = await fetch(
    `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator sign-up failed: ${res.status}`);
  return ((await res.json()) as { localId: string }).localId;
}
