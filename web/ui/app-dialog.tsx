// Every dialog of the site: PrimeReact's Dialog with the focus a keyboard member expects
// (decision 17). It opens on its first field (PrimeReact would pick the close button, so typed
// text went nowhere and Enter closed the dialog), keeps React's autoFocus when a form asks for a
// particular field, and on closing hands focus back to the opener, or to `returnFocus` or the page
// when the opener has gone (a login that re-drew the header, a drawer that closed).
import { Dialog, type DialogProps } from 'primereact/dialog';
import { useLayoutEffect, useRef } from 'react';
import { currentFocus, firstFocusable, focusFirstOf, focusLost } from './focus';

/**
 * On mount, focuses the dialog's first field unless something inside it already has focus (a
 * field with autoFocus). AppDialog renders one after its content; a dialog that swaps its content
 * for a next step (my info after the password) renders one with that step.
 */
export function FocusFirstField() {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current?.closest<HTMLElement>('.p-dialog');
    if (!dialog || dialog.contains(document.activeElement)) return;
    const content = dialog.querySelector('.p-dialog-content') ?? dialog;
    (firstFocusable(content) ?? firstFocusable(dialog))?.focus();
  }, []);
  return <span ref={ref} hidden />;
}

// Only an "exited" callback: the component keeps its own timing (its typings ask for a timeout
// that it already sets itself).
type TransitionOptions = DialogProps['transitionOptions'] & object;

export type AppDialogProps = Omit<DialogProps, 'focusOnShow' | 'transitionOptions'> & {
  /** Where focus goes on closing when the opener is no longer on the page (default: the page). */
  returnFocus?: () => HTMLElement | null;
};

export function AppDialog({ returnFocus, children, visible, ...props }: AppDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const dialog = useRef<Dialog>(null);
  // Opened again while the last close was still fading out: that close must not move focus.
  const shown = useRef(visible);
  useLayoutEffect(() => {
    shown.current = visible;
    // Still the element that opened it: the dialog's content mounts on a later render.
    if (visible) opener.current = currentFocus();
  }, [visible]);
  const restore = () => {
    if (shown.current) return;
    if (focusLost(dialog.current?.getElement())) focusFirstOf(opener.current, returnFocus?.());
    opener.current = null;
  };
  return (
    <Dialog {...props} ref={dialog} visible={visible} focusOnShow={false} transitionOptions={{ onExited: restore } as TransitionOptions}>
      {children}
      <FocusFirstField />
    </Dialog>
  );
}
