// The shell of every admin form dialog: a modal AppDialog whose footer holds 취소 and the submit
// button, bound to the form inside by its id (the form stays in the dialog's content, the buttons
// in its footer). A new admin dialog uses this and only writes its form.
import { Button, type ButtonProps } from 'primereact/button';
import type { ReactNode } from 'react';
import { koAdmin } from '../texts';
import { AppDialog } from '../../../ui/app-dialog';

/** The submit button: 저장 with a check unless the dialog says otherwise. */
export type AdminSubmit = { label?: string; icon?: string; severity?: ButtonProps['severity']; disabled?: boolean };

export function AdminFormDialog({
  title,
  visible,
  onHide,
  formId,
  width,
  className,
  submit = {},
  children,
}: {
  title: ReactNode;
  visible: boolean;
  onHide: () => void;
  /** The id of the form in `children` that the submit button sends. */
  formId: string;
  /** The dialog's width on wide screens (it never passes 96vw). */
  width: string;
  className?: string;
  submit?: AdminSubmit;
  children: ReactNode;
}) {
  return (
    <AppDialog
      header={title}
      visible={visible}
      onHide={onHide}
      modal
      draggable={false}
      className={className}
      style={{ width, maxWidth: '96vw' }}
      footer={
        <div className="dialog-buttons">
          <Button type="button" label={koAdmin.cancel} text onClick={onHide} />
          <Button
            type="submit"
            form={formId}
            label={submit.label ?? koAdmin.save}
            icon={submit.icon ?? 'pi pi-check'}
            severity={submit.severity}
            disabled={submit.disabled}
          />
        </div>
      }
    >
      {children}
    </AppDialog>
  );
}
