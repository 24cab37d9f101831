// The full-screen photo viewer of a gallery item (yet-another-react-lightbox with Zoom and
// Captions): swipe or arrow keys between photos, pinch / wheel / double-tap zoom, the caption and
// EXIF line under each photo, the photos beside the current one loaded ahead (inert until
// shown), Escape or a pull down to close; focus rests on the photo shown. Loaded with React.lazy
// from the gallery page only, so the lightbox's code never enters another page's first load. A
// phone gets the 1,280 px size at most.
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { GalleryPhoto } from '../../../common/api/gallery';
import { useMedia } from '../../shared/use-media';
import { ExifLine } from '../../ui/exif-line';
import { focusablePhoto, focusShownPhoto } from '../../ui/lightbox-focus';
import { candidates, PHONE_QUERY } from '../../ui/responsive-photo';
import { koGallery } from './texts';

export interface GalleryViewerProps {
  title: string;
  photos: readonly GalleryPhoto[];
  /** The photo to open at; null keeps the viewer closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

function slideOf(photo: GalleryPhoto, title: string, n: number, full: boolean): SlideImage {
  const sizes = candidates(photo, { full });
  const largest = sizes[sizes.length - 1]!;
  return {
    src: largest.src,
    width: largest.width,
    height: largest.height,
    srcSet: sizes.map((c) => ({ src: c.src, width: c.width, height: c.height })),
    alt: photo.caption || koGallery.photoAlt(title, n),
    title: photo.caption || undefined,
    description: <ExifLine photo={photo} className="gallery-viewer-exif" />,
  };
}

export default function GalleryViewer({ title, photos, index, onIndex, onClose }: GalleryViewerProps) {
  const phone = useMedia(PHONE_QUERY);
  const slides = photos.map((p, i) => slideOf(p, title, i + 1, !phone));
  const onView = ({ index: i }: { index: number }) => {
    onIndex(i);
    focusShownPhoto('gallery-lightbox');
  };
  return (
    <Lightbox
      open={index !== null}
      index={index ?? 0}
      close={onClose}
      slides={slides}
      plugins={[Captions, Counter, Zoom]}
      on={{ view: onView }}
      captions={{ showToggle: true, descriptionTextAlign: 'start', descriptionMaxLines: 4 }}
      carousel={{ preload: 2, finite: photos.length < 3, imageProps: focusablePhoto }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      labels={koGallery.viewerLabels}
      className="gallery-lightbox"
    />
  );
}
