// Password reset and my-info dialogs arrive in a later issue; until then their buttons open a
// plainly titled dialog that says so.
import { Dialog } from 'primereact/dialog';
import { ko } from '../i18n/ko';
import { closeStubDialog, useStubDialog } from './stub-dialog-store';

export default function StubDialogs() {
  const current = useStubDialog();
  const title = current === 'myInfo' ? ko.stub.myInfoTitle : ko.stub.resetTitle;
  return (
    <Dialog
      header={title}
      visible={current !== null}
      onHide={closeStubDialog}
      style={{ width: current === 'myInfo' ? '500px' : '400px', maxWidth: '90%' }}
      modal
      draggable={false}
      dismissableMask
    >
      <p className="stub-body">{ko.stub.body}</p>
    </Dialog>
  );
}
