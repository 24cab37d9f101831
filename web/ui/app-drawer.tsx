// Every drawer of the site: PrimeReact's Sidebar, which on closing leaves focus on the page body.
// Here focus goes back to the button that opened it (or `returnFocus`, or the page), unless the
// member has already moved on (a link that navigated, a dialog opened from the drawer).
import { Sidebar, type SidebarProps } from 'primereact/sidebar';
import { useLayoutEffect, useRef } from 'react';
import { currentFocus, focusFirstOf, focusLost } from './focus';

// Only an "exited" callback: the component keeps its own timing (its typings ask for a timeout
// that it already sets itself).
type TransitionOptions = SidebarProps['transitionOptions'] & object;

export type AppDrawerProps = Omit<SidebarProps, 'transitionOptions'> & {
  returnFocus?: () => HTMLElement | null;
};

export function AppDrawer({ returnFocus, visible, ...props }: AppDrawerProps) {
  const opener = useRef<HTMLElement | null>(null);
  const drawer = useRef<Sidebar>(null);
  useLayoutEffect(() => {
    if (visible) opener.current = currentFocus();
  }, [visible]);
  const restore = () => {
    if (focusLost(drawer.current?.getElement())) focusFirstOf(opener.current, returnFocus?.());
    opener.current = null;
  };
  return <Sidebar {...props} ref={drawer} visible={visible} transitionOptions={{ onExited: restore } as TransitionOptions} />;
}
