// Where a page puts the full-screen photo viewer (photo-viewer.tsx): its code loads only when a
// photo is first opened, with a small notice meanwhile, and on closing focus goes back to the
// control that opened it (when the viewer's own return found nothing to focus).
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { koPhotoViewer } from '../i18n/ko-photos';
import type { ViewerPhoto } from './photo-viewer';
import './photo-viewer-host.css';

export type { ViewerPhoto } from './photo-viewer';

const PhotoViewer = lazy(() => import('./photo-viewer'));

export interface PhotoViewerHostProps {
  photos: readonly ViewerPhoto[];
  /** The photo to open at; null keeps the viewer closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

export function PhotoViewerHost({ photos, index, onIndex, onClose }: PhotoViewerHostProps) {
  const open = index !== null && photos.length > 0;
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const back = opener.current;
    opener.current = null;
    if (!back) return;
    const frame = requestAnimationFrame(() => {
      const now = document.activeElement;
      if ((!now || now === document.body) && back.isConnected) back.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);

  if (index === null || !open) return null;
  return (
    <Suspense
      fallback={
        <p className="photo-viewer-loading" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {koPhotoViewer.loading}
        </p>
      }
    >
      <PhotoViewer photos={photos} index={Math.min(index, photos.length - 1)} onIndex={onIndex} onClose={onClose} />
    </Suspense>
  );
}
