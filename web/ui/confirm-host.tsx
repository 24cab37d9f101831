import { lazy, Suspense, useSyncExternalStore } from 'react';
import { confirmHostState } from './confirm';

const ConfirmDialogHost = lazy(() => import('./confirm-dialog-host'));

/** The global host (no group) mounts on the first request; a feature may add a named group. */
export function ConfirmHost({ group }: { group?: string }) {
  const wanted = useSyncExternalStore(confirmHostState.subscribe, confirmHostState.wanted);
  if (group === undefined && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogHost group={group} />
    </Suspense>
  );
}
