/**
 * Field transforms as plain, JSON-serialisable sentinels, so they cross the wire to the local
 * store unchanged and each adapter translates them to its own SDK's field values.
 */
export type FieldTransform =
  | { readonly $transform: 'serverTimestamp' }
  | { readonly $transform: 'increment'; readonly by: number }
  | { readonly $transform: 'arrayUnion'; readonly values: readonly unknown[] }
  | { readonly $transform: 'arrayRemove'; readonly values: readonly unknown[] }
  | { readonly $transform: 'delete' };

export const serverTimestamp = (): FieldTransform => ({ $transform: 'serverTimestamp' });
export const increment = (by: number): FieldTransform => ({ $transform: 'increment', by });
export const arrayUnion = (...values: unknown[]): FieldTransform => ({
  $transform: 'arrayUnion',
  values,
});
export const arrayRemove = (...values: unknown[]): FieldTransform => ({
  $transform: 'arrayRemove',
  values,
});
export const deleteField = (): FieldTransform => ({ $transform: 'delete' });

export function isFieldTransform(value: unknown): value is FieldTransform {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { $transform?: unknown }).$transform === 'string'
  );
}
