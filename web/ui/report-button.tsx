// The 신고 button on posts, comments and letters: for members only, never on their own content.
// It opens a small dialog asking for the reason; the report goes to the admin queue.
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { ReportKind } from '../../common/api/reports';
import { callAwait } from '../api/call';
import { useSessionUser } from '../app/session-store';
import { koReport as t } from '../i18n/ko-moderation';
import { LiteButton } from './lite-button';
import './report.css';

const ReportDialog = lazy(() => import('./report-dialog'));

export interface ReportButtonProps {
  kind: ReportKind;
  targetKey: number;
  /** The content's author (userId); the button is not shown on the member's own content. */
  authorId: string;
  /** The accessible name, when the kind's own is not specific enough (one of many comments). */
  label?: string;
  className?: string;
}

export function ReportButton({ kind, targetKey, authorId, label, className }: ReportButtonProps) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  // Opened once, the dialog stays mounted so closing returns focus to this button.
  const [loaded, setLoaded] = useState(false);
  if (!user.logined || (authorId !== '' && authorId === user.userId)) return null;
  return (
    <>
      <LiteButton
        small
        text
        icon="pi pi-flag"
        label={t.button}
        aria-label={label ?? t.buttonLabel[kind]}
        aria-haspopup="dialog"
        className={['report-button', className].filter(Boolean).join(' ')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} targetKey={targetKey} visible={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** /api/report/save; its refusals are shown at the reason field, so the call stays silent. */
export const useReportSave = () =>
  useMutation({
    mutationFn: (input: { kind: ReportKind; key: number; reason: string }) => callAwait<{ id: number }>('/api/report/save', { data: input, silent: true }),
  });
