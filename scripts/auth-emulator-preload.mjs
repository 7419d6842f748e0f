/**
 * Loaded into firebase-tools' emulator process by `scripts/local-stack.ts` (NODE_OPTIONS). Its
 * Auth emulator serves its REST API through exegesis, which by default compiles a request and a
 * response validator for every operation of the API when the emulator starts: 12–15 s of CPU on a
 * two-core machine, for each stack started. Asked to compile each validator on the operation's
 * first request instead, the emulator is ready in 3 s and validates every request as before
 * (docs/decisions/0039-auth-emulator-validators-on-first-use.md).
 */
import { createRequire } from 'node:module';

// firebase-tools is CommonJS: the options module it will load is this one, from require's cache.
const require = createRequire(import.meta.url);
let options;
try {
  options = require('exegesis/lib/options');
} catch {
  // A firebase-tools without exegesis: nothing to change.
}
if (options && typeof options.compileOptions === 'function') {
  const compile = options.compileOptions;
  options.compileOptions = (given = {}) =>
    compile({ lazyCompileValidationSchemas: true, ...given });
}
