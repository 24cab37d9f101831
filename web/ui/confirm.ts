// Global confirmation (docs/product/site.md#messages-confirmations-and-loading). PrimeReact's ConfirmDialog already listens
// for requests by group; this fixes the club's defaults (예 / 아니오, modal, focus on accept,
// Escape closes) and loads the dialog code on the first request only.
import type { ReactNode } from 'react';
import { ko } from '../i18n/ko';

export interface ConfirmRequest {
  group?: string;
  header?: string;
  message: ReactNode;
  icon?: string;
  accept?: () => void;
  reject?: () => void;
  acceptLabel?: string;
  rejectLabel?: string;
  modal?: boolean;
  position?: 'center' | 'top' | 'bottom' | 'left' | 'right' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  defaultFocus?: 'accept' | 'reject';
  closeOnEscape?: boolean;
}

export const confirmDefaults: Required<Pick<ConfirmRequest, 'header' | 'icon' | 'acceptLabel' | 'rejectLabel' | 'modal' | 'defaultFocus' | 'closeOnEscape'>> = {
  header: ko.site.name,
  icon: 'pi pi-question-circle',
  acceptLabel: ko.common.yes,
  rejectLabel: ko.common.no,
  modal: true,
  defaultFocus: 'accept',
  closeOnEscape: true,
};

export type ResolvedConfirm = ConfirmRequest & typeof confirmDefaults & { style: { width: string; maxWidth: string } };

export interface ConfirmHandle {
  hide(): void;
}

type Opener = (request: ResolvedConfirm) => ConfirmHandle;

let opener: Opener | null = null;
let wanted = false;
const queue: Array<{ request: ResolvedConfirm; handle: { inner: ConfirmHandle | null; cancelled: boolean } }> = [];
const listeners = new Set<() => void>();

export const confirmHostState = {
  wanted: () => wanted,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Called by the loaded dialog host: opens what was asked before it was ready. */
  ready(open: Opener) {
    opener = open;
    for (const { request, handle } of queue.splice(0)) if (!handle.cancelled) handle.inner = open(request);
  },
};

export function resolveConfirm(request: ConfirmRequest): ResolvedConfirm {
  return { ...confirmDefaults, ...request, style: { width: '400px', maxWidth: '90%' } };
}

/** Opens the ConfirmDialog of the request's group; the handle closes it again. */
export function confirm(request: ConfirmRequest): ConfirmHandle {
  const resolved = resolveConfirm(request);
  if (opener) return opener(resolved);
  const handle = { inner: null as ConfirmHandle | null, cancelled: false };
  queue.push({ request: resolved, handle });
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  return {
    hide() {
      handle.cancelled = true;
      handle.inner?.hide();
    },
  };
}
