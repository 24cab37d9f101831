// The one full-screen photo viewer (yet-another-react-lightbox with Zoom, Captions and Counter), for
// a gallery item's photos and for the photos of a post and its comments: swipe or arrow keys
// between photos, pinch / wheel / double-tap zoom, the caption and EXIF line (body and lens linking
// to their product pages) under each photo, the photos beside the current one loaded ahead (inert
// until shown), Escape or a pull down to close; focus rests on the photo shown and goes back to the
// control that opened it. Opening adds a history entry, so a phone's back button closes the viewer
// instead of leaving the page; any other close goes back over that entry first. Loaded with
// React.lazy (photo-viewer-host.tsx), so the lightbox's code never enters a page's first load. A
// phone gets the 1,280 px size at most.
import { useEffect, useEffectEvent } from 'react';
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { koPhotoViewer } from '../i18n/ko-photos';
import { useMedia } from '../shared/use-media';
import { ExifLine, type ExifPhoto } from './exif-line';
import { focusablePhoto, focusShownPhoto } from './lightbox-focus';
import { candidates, PHONE_QUERY, type PhotoSizes } from './responsive-photo';
import './photo-viewer.css';

/** A photo as the viewer shows it: its stored sizes, its words and its EXIF. */
export interface ViewerPhoto extends PhotoSizes, ExifPhoto {
  alt: string;
  /** Shown above the EXIF line (a gallery photo's caption). */
  caption?: string;
}

export interface PhotoViewerProps {
  photos: readonly ViewerPhoto[];
  /** The photo shown. */
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

const LIGHTBOX_CLASS = 'photo-lightbox';
/** Marks the history entry the viewer added (kept beside the router's own state). */
const MARK = 'photoViewer';
const marked = () => Boolean((window.history.state as Record<string, unknown> | null)?.[MARK]);
// A remount right after an unmount (React's development double run) keeps the entry.
let pendingBack: number | undefined;

/**
 * The browser's back button closes the viewer, and so does every other close: it goes back over
 * the entry the viewer added and closes when that arrives, so the entry never outlives the viewer
 * and nothing the page does next (a navigation) meets a late step back. Returns the close to use.
 */
function useBackCloses(close: () => void): () => void {
  const closeOnPop = useEffectEvent(close);
  useEffect(() => {
    if (pendingBack !== undefined) {
      window.clearTimeout(pendingBack);
      pendingBack = undefined;
    } else if (!marked()) {
      window.history.pushState({ ...(window.history.state as object | null), [MARK]: true }, '');
    }
    const onPop = () => {
      if (!marked()) closeOnPop();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Gone without a close (the page left it behind): the entry goes unless it comes right back.
      if (!marked()) return;
      pendingBack = window.setTimeout(() => {
        pendingBack = undefined;
        if (marked()) window.history.back();
      }, 0);
    };
  }, []);
  return () => {
    if (marked()) window.history.back();
    else close();
  };
}

function slideOf(photo: ViewerPhoto, full: boolean): SlideImage {
  const sizes = candidates(photo, { full });
  const largest = sizes[sizes.length - 1]!;
  return {
    src: largest.src,
    width: largest.width,
    height: largest.height,
    srcSet: sizes.map((c) => ({ src: c.src, width: c.width, height: c.height })),
    alt: photo.alt,
    title: photo.caption || undefined,
    description: <ExifLine photo={photo} className="photo-viewer-exif" />,
  };
}

export default function PhotoViewer({ photos, index, onIndex, onClose }: PhotoViewerProps) {
  const phone = useMedia(PHONE_QUERY);
  const close = useBackCloses(onClose);
  const slides = photos.map((p) => slideOf(p, !phone));
  const onView = ({ index: i }: { index: number }) => {
    onIndex(i);
    focusShownPhoto(LIGHTBOX_CLASS);
  };
  return (
    <Lightbox
      open
      index={index}
      close={close}
      slides={slides}
      plugins={[Captions, Counter, Zoom]}
      on={{ view: onView }}
      captions={{ showToggle: true, descriptionTextAlign: 'start', descriptionMaxLines: 4 }}
      carousel={{ preload: 2, finite: photos.length < 3, imageProps: focusablePhoto }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      labels={koPhotoViewer.labels}
      className={LIGHTBOX_CLASS}
    />
  );
}
