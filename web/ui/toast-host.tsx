// Renders the toast store through PrimeReact's Toast (bottom-left). PrimeReact's own timer
// restarts from the full life after a hover and cannot remove by group, so every message is
// shown sticky and the store's timers decide when it goes (SPEC §4 "Toast").
import { Toast, type ToastMessage as PrimeMessage } from 'primereact/toast';
import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { TOAST_RELEASE_MS } from '../../common/constants';
import { ko } from '../i18n/ko';
import { toastStore, type ToastMessage } from './toast-store';

const ICONS: Record<ToastMessage['severity'], string> = {
  info: 'pi pi-info-circle',
  success: 'pi pi-check-circle',
  warn: 'pi pi-exclamation-triangle',
  error: 'pi pi-times-circle',
};

type Shown = PrimeMessage & { toastId: number };

function toPrime(m: ToastMessage): Shown {
  return {
    severity: m.severity,
    summary: ko.site.name,
    detail: (
      <>
        {m.summary && <strong className="toast-summary">{m.summary}</strong>}
        {m.detail && <span className="toast-detail">{m.detail}</span>}
      </>
    ),
    icon: m.icon || ICONS[m.severity],
    closable: m.closable,
    sticky: true,
    className: m.styleClass,
    contentClassName: m.contentStyleClass,
    pt: { root: { 'data-toast-id': String(m.id) } as Record<string, string> },
    // Kept last: PrimeReact compares messages key by key from the end when removing one.
    toastId: m.id,
  };
}

const idOf = (e: MouseEvent<HTMLElement>) => Number(e.currentTarget.getAttribute('data-toast-id'));

export default function ToastHost({ group }: { group?: string }) {
  const all = useSyncExternalStore(toastStore.subscribe, toastStore.getMessages);
  const messages = all.filter((m) => m.group === group);
  const ref = useRef<Toast>(null);
  const shown = useRef(new Map<number, Shown>());
  // The layer stays mounted while messages are shown and for TOAST_RELEASE_MS after the last leaves.
  const [linger, setLinger] = useState(false);
  const release = useRef<ReturnType<typeof setTimeout> | null>(null);
  const active = messages.length > 0 || linger;

  if (messages.length > 0 && !linger) setLinger(true);

  // A new message cancels a pending release of the layer.
  useEffect(() => {
    if (messages.length === 0 || !release.current) return;
    clearTimeout(release.current);
    release.current = null;
  }, [messages.length]);

  useEffect(() => {
    const toast = ref.current;
    if (!toast) {
      shown.current.clear();
      return;
    }
    const ids = new Set(messages.map((m) => m.id));
    for (const [id, prime] of shown.current) {
      if (!ids.has(id)) {
        shown.current.delete(id);
        toast.remove(prime);
      }
    }
    for (const m of messages) {
      if (!shown.current.has(m.id)) {
        const prime = toPrime(m);
        shown.current.set(m.id, prime);
        toast.show(prime);
      }
    }
  });

  useEffect(
    () => () => {
      if (release.current) clearTimeout(release.current);
    },
    [],
  );

  if (!active) return null;
  return (
    <Toast
      ref={ref}
      position="bottom-left"
      className="club-toast"
      onRemove={(m) => {
        const id = (m as Shown).toastId;
        shown.current.delete(id);
        toastStore.remove(id);
      }}
      onHide={() => {
        if (toastStore.getMessages().some((m) => m.group === group)) return;
        if (release.current) clearTimeout(release.current);
        release.current = setTimeout(() => {
          release.current = null;
          if (!toastStore.getMessages().some((m) => m.group === group)) setLinger(false);
        }, TOAST_RELEASE_MS);
      }}
      onMouseEnter={(e) => toastStore.pause(idOf(e))}
      onMouseLeave={(e) => toastStore.resume(idOf(e))}
    />
  );
}
