/**
 * The deployed functions. Every callable goes through `defineCallable` (validation, auth, data
 * port, error mapping); its pure handler lives in `callables/` and is tested on its own.
 */
import { setGlobalOptions } from 'firebase-functions/v2';
import { defineCallable } from './callable';
import * as generateSessionCodeCall from './callables/generate-session-code';
import * as verifyEmailCall from './callables/verify-email';

setGlobalOptions({ maxInstances: 10 });

export const generateSessionCode = defineCallable(
  generateSessionCodeCall.name,
  generateSessionCodeCall.schema,
  generateSessionCodeCall.handle,
);

export const verifyEmail = defineCallable(
  verifyEmailCall.name,
  verifyEmailCall.schema,
  verifyEmailCall.handle,
);
