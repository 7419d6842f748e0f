/**
 * Runs cases of the table against the Firebase emulators through @firebase/rules-unit-testing:
 * actors become test contexts, seeds are written with rules disabled, port field-transform
 * sentinels become Firestore field values.
 */
import type {
  RulesTestContext,
  RulesTestEnvironment,
  TokenOptions,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import type { DocData } from '@sim/core/port/data-port';
import { isFieldTransform } from '@sim/core/port/field-values';
import { ACTORS, type Actor, type DocCase, type FileCase } from './cases';
import { worldOf } from './harness';

// Expected refusals are the point of these tests; keep the SDK from logging each one.
firebase.firestore.setLogLevel('silent');

type SignInProvider = NonNullable<TokenOptions['firebase']>['sign_in_provider'];

function providerOf(provider: string): SignInProvider {
  return provider === 'anonymous' || provider === 'password' ? provider : 'custom';
}

/** The context of an actor; `admin` is handled by the callers (rules disabled). */
export function contextFor(env: RulesTestEnvironment, who: Actor): RulesTestContext {
  const a = ACTORS[who];
  if (a === null) return env.unauthenticatedContext();
  const token: TokenOptions = { firebase: { sign_in_provider: providerOf(a.provider) } };
  if (a.email !== undefined) token.email = a.email;
  if (a.emailVerified !== undefined) token.email_verified = a.emailVerified;
  return env.authenticatedContext(a.uid, token);
}

/** Translates the port's field-transform sentinels, at any depth, into Firestore field values. */
export function toFirestore(value: unknown): unknown {
  if (isFieldTransform(value)) {
    const fv = firebase.firestore.FieldValue;
    switch (value.$transform) {
      case 'delete':
        return fv.delete();
      case 'serverTimestamp':
        return fv.serverTimestamp();
      case 'increment':
        return fv.increment(value.by);
      case 'arrayUnion':
        return fv.arrayUnion(...value.values);
      case 'arrayRemove':
        return fv.arrayRemove(...value.values);
    }
  }
  if (Array.isArray(value)) return value.map(toFirestore);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFirestore(v)]));
  }
  return value;
}

/**
 * Clears Firestore and writes the case's world with rules disabled: through `owner` (a Firestore
 * of a rules-disabled context kept open, see `openRulesDisabledFirestore`) when given, otherwise
 * through a context of its own.
 */
export async function seedFirestore(
  env: RulesTestEnvironment,
  c: DocCase,
  owner?: firebase.firestore.Firestore,
): Promise<void> {
  await env.clearFirestore();
  const write = async (db: firebase.firestore.Firestore) => {
    const batch = db.batch();
    for (const [path, data] of worldOf(c)) batch.set(db.doc(path), data);
    await batch.commit();
  };
  if (owner) await write(owner);
  else await env.withSecurityRulesDisabled((ctx) => write(ctx.firestore()));
}

/**
 * A rules-disabled Firestore that stays open until `close` is called. Each
 * `withSecurityRulesDisabled` call starts a Firebase app and a connection of its own, which a
 * table of hundreds of cases pays for twice per case.
 */
export async function openRulesDisabledFirestore(
  env: RulesTestEnvironment,
): Promise<{ db: firebase.firestore.Firestore; close: () => Promise<void> }> {
  let release = (): void => undefined;
  let db: firebase.firestore.Firestore | undefined;
  let opened = (): void => undefined;
  const ready = new Promise<void>((resolve) => (opened = resolve));
  // The context is valid while this callback's promise is pending: it ends at `close`.
  const ended = env.withSecurityRulesDisabled(
    (ctx) =>
      new Promise<void>((end) => {
        db = ctx.firestore();
        release = end;
        opened();
      }),
  );
  await Promise.race([ready, ended]);
  if (!db) throw new Error('the rules-disabled context did not open');
  return {
    db,
    close: async () => {
      release();
      await ended;
    },
  };
}

/** Performs the case's operation with the given context's Firestore. */
export async function runDocOperation(ctx: RulesTestContext, c: DocCase): Promise<unknown> {
  const db = ctx.firestore();
  const data = (toFirestore(c.data ?? {}) ?? {}) as DocData;
  switch (c.op) {
    case 'get':
      return db.doc(c.path).get();
    case 'list': {
      let q: firebase.firestore.Query = db.collection(c.path);
      for (const f of c.where ?? []) q = q.where(f.field, f.op, f.value);
      return q.get();
    }
    case 'create':
      return db.doc(c.path).set(data);
    case 'update':
      return db.doc(c.path).update(data);
    case 'delete':
      return db.doc(c.path).delete();
  }
}

/** Performs a file case's operation (the object is seeded first when the case reads or deletes). */
export async function runFileOperation(ctx: RulesTestContext, c: FileCase): Promise<unknown> {
  const ref = ctx.storage().ref(c.path);
  switch (c.op) {
    case 'read':
      return ref.getMetadata();
    case 'write': {
      const bytes = new Uint8Array(c.size ?? 0);
      const metadata = c.contentType === undefined ? {} : { contentType: c.contentType };
      return new Promise((resolve, reject) => {
        ref.put(bytes, metadata).then(resolve, reject);
      });
    }
    case 'delete':
      return ref.delete();
  }
}
