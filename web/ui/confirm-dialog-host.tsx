import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { useEffect } from 'react';
import { confirmHostState } from './confirm';

/** The PrimeReact dialog itself (a lazy chunk). */
export default function ConfirmDialogHost({ group }: { group?: string }) {
  useEffect(() => {
    if (group === undefined) confirmHostState.ready((request) => confirmDialog(request));
  }, [group]);
  return <ConfirmDialog group={group} />;
}
