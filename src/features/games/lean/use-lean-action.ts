/**
 * A player's actions on its own station (`leanAction`): one at a time, the view the backend
 * returns shown at once (decision 0012), a refusal in the player's language.
 */
import { useCallback, useState } from 'react';
import type { LeanPlayerView } from '@sim/core/lean/view';
import { useErrorText } from '@/lib/errors/use-error-text';
import { leanAction, type LeanActionInput } from '@/lib/firebase/callables';

export interface LeanActing {
  /** The view the last accepted action returned, with the run it belongs to. */
  acted: { run: number; view: LeanPlayerView } | null;
  /** A label of the action under way, or null. */
  pending: string | null;
  /** Why the last action was refused, in the player's language. */
  refusal: string | null;
  act: (action: LeanActionInput, label: string) => Promise<boolean>;
  dismiss: () => void;
}

export function useLeanAction(gid: string, fid: string, run: number | null): LeanActing {
  const errorText = useErrorText();
  const [acted, setActed] = useState<LeanActing['acted']>(null);
  const [pending, setPending] = useState<string | null>(null);
  // The error itself: its text is looked up at each render, in the language on screen.
  const [refused, setRefused] = useState<{ error: unknown } | null>(null);
  const act = useCallback(
    async (action: LeanActionInput, label: string) => {
      setPending(label);
      setRefused(null);
      try {
        const result = await leanAction({ gid, fid, action });
        if (run !== null) setActed({ run, view: result.view });
        return true;
      } catch (err) {
        setRefused({ error: err });
        return false;
      } finally {
        setPending(null);
      }
    },
    [gid, fid, run],
  );
  return {
    acted,
    pending,
    refusal: refused === null ? null : errorText(refused.error),
    act,
    dismiss: () => setRefused(null),
  };
}
