/**
 * The uid behind `/user/{param}` (a uid or a page's slug): undefined while it is looked up, null
 * when no page answers to it.
 */
import { useEffect, useState } from 'react';
import { resolveWorkspaceUid } from '@/features/portal/portal-api';

export function useWorkspaceUid(param: string | null): string | null | undefined {
  const [state, setState] = useState<{ param: string; uid: string | null }>({
    param: '',
    uid: null,
  });
  useEffect(() => {
    if (!param) return undefined;
    let live = true;
    resolveWorkspaceUid(param).then(
      (uid) => live && setState({ param, uid }),
      () => live && setState({ param, uid: null }),
    );
    return () => {
      live = false;
    };
  }, [param]);
  if (!param) return null;
  return state.param === param ? state.uid : undefined;
}
