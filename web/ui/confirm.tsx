// Global confirmation (SPEC §3 "Confirmation", §4): PrimeReact's ConfirmDialog already listens
// for requests by group; this fixes the club's defaults (예 / 아니오, modal, focus on accept).
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
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

export const confirmDefaults = {
  header: ko.site.name,
  icon: 'pi pi-question-circle',
  acceptLabel: ko.common.yes,
  rejectLabel: ko.common.no,
  modal: true,
  defaultFocus: 'accept',
  closeOnEscape: true,
} as const;

/** Opens the ConfirmDialog of the same group; returns a handle that can close it again. */
export function confirm(request: ConfirmRequest) {
  return confirmDialog({ ...confirmDefaults, ...request, style: { width: '400px', maxWidth: '90%' } });
}

/** The global dialog (no group) lives in the app shell; features may add their own group. */
export function ConfirmHost({ group }: { group?: string }) {
  return <ConfirmDialog group={group} />;
}
