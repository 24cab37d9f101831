// The 신고 button on posts, comments, letters, gallery and market items, shown where the answer's
// canReport allows (members, on others' content not hidden yet). It opens a small dialog asking
// for the reason; the report goes to the admin queue.
import { lazy, Suspense, useState } from 'react';
import type { ReportKind } from '../../common/api/reports';
import { koReport as t } from '../i18n/ko-moderation';
import { LiteButton } from './lite-button';
import './report.css';

const ReportDialog = lazy(() => import('./report-dialog'));

export interface ReportButtonProps {
  kind: ReportKind;
  targetKey: number;
  /** The accessible name, when the kind's own is not specific enough (one of many comments). */
  label?: string;
  className?: string;
}

export function ReportButton({ kind, targetKey, label, className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // Opened once, the dialog stays mounted so closing returns focus to this button.
  const [loaded, setLoaded] = useState(false);
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
