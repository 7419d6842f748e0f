/**
 * Stands in for `re2js` in the browser build (vite.config.ts). `@firebase/firestore` imports it
 * only to evaluate the regular expressions of pipeline queries (`like`, `regexContains`,
 * `regexMatch`) on the client; the app runs no pipeline queries, and the library is about 43 KiB
 * gzip on the player's page. Should a pipeline ever evaluate one, the SDK catches this error and
 * answers an evaluation error instead of a wrong match.
 */
export const RE2JS = {
  compile(): never {
    throw new Error('Regular expressions in Firestore pipeline queries are not supported here');
  },
};
