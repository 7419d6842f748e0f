/** What several end-to-end tests need from the running stack. */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import { createAdminPort } from '../../functions/src/data/admin-adapter';

/** A data port with the backend's own credential, bypassing the access policy. */
export interface ServiceClient extends DataPort {
  close(): void;
}

/**
 * The credential the functions have: the store's service secret on the local store,
 * firebase-admin on Firestore (a named app of its own, pointed at the stack's emulator).
 */
export function serviceClient(): ServiceClient {
  return serviceClientOf(inject('stack'));
}

/** The same for a stack a test started itself. */
export function serviceClientOf(stack: {
  readonly backend: 'local' | 'firestore';
  readonly storeUrl: string;
  readonly serviceSecret: string;
  readonly firestoreEmulatorHost: string;
  readonly projectId: string;
}): ServiceClient {
  if (stack.backend === 'local') {
    return new LocalStoreClient({
      url: stack.storeUrl,
      credentials: { kind: 'service', secret: stack.serviceSecret },
      socketFactory: nodeSocketFactory,
    });
  }
  // firebase-admin reads the emulator's address from the environment when it creates Firestore.
  process.env.FIRESTORE_EMULATOR_HOST = stack.firestoreEmulatorHost;
  const app = initializeApp(
    { projectId: stack.projectId },
    `e2e-service-${Math.random().toString(36).slice(2)}`,
  );
  const port = createAdminPort(app);
  return {
    docs: port.docs,
    files: port.files,
    close: () => void deleteApp(app).catch(() => undefined),
  };
}

/** Creates an email account in the Auth emulator and returns its uid. */
export async function signUpInstructor(
  email: string,
  password: string,
  authEmulatorHost: string = inject('stack').authEmulatorHost,
): Promise<string> {
  const res = await fetch(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator sign-up failed: ${res.status}`);
  return ((await res.json()) as { localId: string }).localId;
}

/**
 * An instructor as a new user would be after sign-up: an email account, a completed teacher
 * profile (Ada Lovelace), and `page` logged in on the dashboard. Returns the account's uid.
 */
export async function instructorOnDashboard(
  page: Page,
  service: DataPort,
  webUrl: string,
  email: string,
  password = 'correct-horse-9',
): Promise<string> {
  const uid = await signUpInstructor(email, password);
  await service.docs.set(`users/${uid}`, {
    firstname: 'Ada',
    lastname: 'Lovelace',
    name: 'Ada Lovelace',
    email,
    profileType: 'teacher',
    attributionSource: 'class',
  });
  await page.goto(`${webUrl}/login`);
  // The first page of a file that starts while both stacks' servers are still busy can take
  // longer than an action's 30 s; when the form never comes, say what the page showed instead.
  const passwordField = page.getByLabel(/password/i).first();
  await passwordField.waitFor({ timeout: 60_000 }).catch(async (err: unknown) => {
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `the login form did not appear at ${page.url()}; the page showed: ${shown.slice(0, 500)}`,
      { cause: err },
    );
  });
  await page.getByLabel(/email/i).fill(email);
  await passwordField.fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL('**/dashboard/**', { timeout: 30_000 });
  // Once the header is in: its code loads apart from the tabs', and a test's first click should
  // find the dashboard as a teacher sees it once settled.
  await page.getByTestId('dashboard-create-menu').waitFor({ timeout: 30_000 });
  return uid;
}

/**
 * A new instructor's dashboard shows the welcome tour once after set-up-account (decision 0027):
 * closes it as the instructor would, so the test goes on with the dashboard.
 */
export async function closeWelcomeTour(page: Page): Promise<void> {
  const tour = page.getByRole('dialog', { name: 'Welcome to SimGames' });
  await tour.waitFor({ timeout: 30_000 });
  await tour.getByRole('button', { name: 'Close' }).click();
  await tour.waitFor({ state: 'detached' });
}

/** Marks an account's address as confirmed in the Auth emulator, as its owner would with the emailed link. */
export async function confirmEmail(
  stack: { authEmulatorHost: string; projectId: string },
  uid: string,
): Promise<void> {
  const res = await fetch(
    `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator update failed: ${res.status}`);
}

/** The team invitation link of the last email the local outbox holds for this address. */
export async function invitationLink(service: DataPort, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = await service.docs.query({
      collection: 'mailOutbox',
      where: [{ field: 'to', op: '==', value: email }],
    });
    const text = mails.map((m) => String(m.data?.text ?? '')).join('\n');
    const link = /https?:\/\/\S+joinTeam=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no invitation in the outbox for ${email}`);
}

/**
 * The files the stack's production build made of the given sources (manifest keys, such as
 * `src/lib/data/firestore-adapter.ts`), as URL paths: a test that holds a module back finds it
 * under its hashed name. Throws when the build has no such source, so a rename cannot pass.
 */
export async function builtFilesOf(webUrl: string, sources: readonly string[]): Promise<string[]> {
  const response = await fetch(`${webUrl}/.vite/manifest.json`);
  if (!response.ok) throw new Error(`no build manifest at ${webUrl} (HTTP ${response.status})`);
  const manifest = (await response.json()) as Record<string, { file: string }>;
  return sources.map((source) => {
    const chunk = Object.hasOwn(manifest, source) ? manifest[source] : undefined;
    if (!chunk) throw new Error(`the build has no module "${source}"`);
    return `/${chunk.file}`;
  });
}
