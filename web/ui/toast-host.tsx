// Renders the toast store through PrimeReact's Toast (bottom-left). PrimeReact's own timer
// restarts from the full life after a hover and cannot remove by group, so every message is
// shown sticky and the store's timers decide when it goes (docs/product/site.md#messages-confirmations-and-loading).
// Phones (decision 0018): the messages sit at the top, where the on-screen keyboard and a
// dialog's buttons are not, and a focused field they would still cover is scrolled clear. Only a
// mouse pauses by hovering: a tap sends mouseenter without a mouseleave, so on a touch screen a
// message pauses only while a finger presses it.
import { Toast, type ToastMessage as PrimeMessage } from 'primereact/toast';
import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useMedia } from '../shared/use-media';
import { PHONE_TOAST_QUERY, TOAST_RELEASE_MS } from '../../common/constants';
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

/** The toast a pointer event happened in, if any. */
const toastIdAt = (target: EventTarget | null) => {
  const el = target instanceof Element ? target.closest('.club-toast [data-toast-id]') : null;
  return el ? Number(el.getAttribute('data-toast-id')) : null;
};

/**
 * Which kind of pointer last moved over the page. A tap fires pointer events (pointerType
 * 'touch' or 'pen') and then the mouse events browsers emulate, so by the time a mouseenter
 * arrives this says whether a real mouse is hovering. A finger pressing a message pauses it until
 * it lifts.
 */
function useTouchAwarePause() {
  const pointer = useRef<string>('mouse');
  useEffect(() => {
    const pressed = new Set<number>();
    const over = (e: PointerEvent) => {
      pointer.current = e.pointerType;
    };
    const down = (e: PointerEvent) => {
      pointer.current = e.pointerType;
      if (e.pointerType === 'mouse') return;
      const id = toastIdAt(e.target);
      if (id === null) return;
      pressed.add(id);
      toastStore.pause(id);
    };
    const up = () => {
      for (const id of pressed) toastStore.resume(id);
      pressed.clear();
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener('pointerover', over, options);
    window.addEventListener('pointerdown', down, options);
    window.addEventListener('pointerup', up, options);
    window.addEventListener('pointercancel', up, options);
    return () => {
      window.removeEventListener('pointerover', over, options);
      window.removeEventListener('pointerdown', down, options);
      window.removeEventListener('pointerup', up, options);
      window.removeEventListener('pointercancel', up, options);
    };
  }, []);
  return {
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      if (pointer.current === 'mouse') toastStore.pause(idOf(e));
    },
    onMouseLeave: (e: MouseEvent<HTMLElement>) => {
      if (pointer.current === 'mouse') toastStore.resume(idOf(e));
    },
  };
}

const overlaps = (a: DOMRect, b: DOMRect) => a.bottom > b.top && a.top < b.bottom;

/**
 * On a phone: if the focused control, or the small form it belongs to (a login box), ended up
 * under the messages, scroll it to the middle of the screen.
 */
function keepFocusedClear(layer: HTMLElement | null) {
  const focused = document.activeElement;
  if (!layer || !(focused instanceof HTMLElement) || focused === document.body) return;
  const cover = layer.getBoundingClientRect();
  const form = focused.closest('form');
  const area = form && form.getBoundingClientRect().height < window.innerHeight / 2 ? form : focused;
  if (overlaps(area.getBoundingClientRect(), cover)) area.scrollIntoView({ block: 'center', inline: 'nearest' });
}

export default function ToastHost({ group }: { group?: string }) {
  const all = useSyncExternalStore(toastStore.subscribe, toastStore.getMessages);
  const messages = all.filter((m) => m.group === group);
  const ref = useRef<Toast>(null);
  const shown = useRef(new Map<number, Shown>());
  const phone = useMedia(PHONE_TOAST_QUERY);
  const hover = useTouchAwarePause();
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
    let added = false;
    for (const m of messages) {
      if (!shown.current.has(m.id)) {
        const prime = toPrime(m);
        shown.current.set(m.id, prime);
        toast.show(prime);
        added = true;
      }
    }
    if (added && phone) requestAnimationFrame(() => keepFocusedClear(toast.getElement()));
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
      position={phone ? 'top-center' : 'bottom-left'}
      className={phone ? 'club-toast club-toast-phone' : 'club-toast'}
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
      onMouseEnter={hover.onMouseEnter}
      onMouseLeave={hover.onMouseLeave}
    />
  );
}
