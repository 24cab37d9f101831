// Password reset and my-info dialogs arrive in a later issue; until then their buttons open a
// plainly titled dialog that says so.
import { Dialog } from 'primereact/dialog';
import { useSyncExternalStore } from 'react';
import { ko } from '../i18n/ko';

type Which = 'reset' | 'myInfo' | null;
let which: Which = null;
const listeners = new Set<() => void>();
const set = (v: Which) => {
  which = v;
  listeners.forEach((l) => l());
};

export const openPasswordReset = () => set('reset');
export const openMyInfo = () => set('myInfo');

export function StubDialogs() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => which,
  );
  const title = current === 'myInfo' ? ko.stub.myInfoTitle : ko.stub.resetTitle;
  return (
    <Dialog
      header={title}
      visible={current !== null}
      onHide={() => set(null)}
      style={{ width: current === 'myInfo' ? '500px' : '400px', maxWidth: '90%' }}
      modal
      dismissableMask
    >
      <p className="stub-body">{ko.stub.body}</p>
    </Dialog>
  );
}
