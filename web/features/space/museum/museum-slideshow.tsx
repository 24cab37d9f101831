// The museum's full-screen slideshow (userSpaceMuseumShow, docs/product/gallery.md#museum) on yet-another-react-lightbox:
// autoplay with a pause button (and Space; paused at first for reduced motion), arrows and swipe, Escape or swipe down to leave,
// pinch and wheel zoom, the title, note, EXIF line and photographer as the caption, and the
// photos beside the current one loaded ahead (inert until shown), focus on the photo shown. It
// starts at the exhibit in the address. This module (and the lightbox) loads only on this page.
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import type { Exhibit } from '../../../../common/api/gallery';
import { useMedia } from '../../../shared/use-media';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../ui/document-title';
import { ExifLine } from '../../../ui/exif-line';
import { FoldNotice, useFold } from '../../../ui/ignored-fold';
import { focusablePhoto, focusShownPhoto } from '../../../ui/lightbox-focus';
import { candidates, PHONE_QUERY } from '../../../ui/responsive-photo';
import { useMuseumShow } from './api/museum-show';
import { startIndex } from './order';
import { museumPath } from '../../../shared/paths';
import './museum-show.css';
import { koMuseum } from './texts';

const t = koMuseum.show;
/** Seconds each photo stays while the slideshow plays. */
const DELAY_MS = 5000;

type SlideshowRef = { playing: boolean; disabled: boolean; play: () => void; pause: () => void };

export function MuseumSlideshow({ userId, galleryKey }: { userId: string; galleryKey: number | null }) {
  const show = useMuseumShow(userId);
  const navigate = useNavigate();
  const phone = useMedia(PHONE_QUERY);
  // Photos that change by themselves are a moving thing: a member who asked their system for
  // less motion starts paused and plays with the button or Space (WCAG 2.2.2).
  const reduceMotion = useMedia('(prefers-reduced-motion: reduce)');
  const slideshow = useRef<SlideshowRef>(null);
  const owner = show.data?.owner;
  // The reader ignores the owner: the slideshow waits behind the fold (decision 46).
  const fold = useFold(userId);
  // The photo shown takes focus on opening and after a move by the member; while the slideshow
  // plays, focus stays where it is rather than following each photo.
  const opened = useRef(false);
  const onView = () => {
    if (opened.current && slideshow.current?.playing) return;
    opened.current = true;
    focusShownPhoto('museum-lightbox');
  };
  useDocumentTitle(owner ? t.title(owner.nickName) : ko.pages.userSpaceMuseumShow);
  const leave = () => void navigate(museumPath(userId));

  // Space pauses and resumes the slideshow, as in a photo viewer, unless a button has focus
  // (Space presses that button). Escape leaves even when focus fell out of the viewer (the photo
  // that had it turns inert when the slideshow moves on): the viewer hears keys only inside itself.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (e.key === 'Escape' && !target?.closest('.museum-lightbox')) {
        void navigate(museumPath(userId));
        return;
      }
      if (e.key !== ' ') return;
      if (target?.closest('button, a, input, textarea, select')) return;
      const s = slideshow.current;
      if (!s || s.disabled) return;
      e.preventDefault();
      if (s.playing) s.pause();
      else s.play();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, userId]);

  if (fold.folded) {
    return (
      <section className="museum-show-state">
        <h1>{owner ? t.title(owner.nickName) : ko.pages.userSpaceMuseumShow}</h1>
        <p>
          <FoldNotice what="photo" onShow={fold.show} />
        </p>
        <p>
          <Link to={museumPath(userId)}>{t.back}</Link>
        </p>
      </section>
    );
  }
  if (show.isPending || fold.waiting) {
    return (
      <div className="museum-show-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t.loading}
      </div>
    );
  }
  if (show.isError || show.data.exhibits.length === 0) {
    return (
      <section className="museum-show-state">
        <h1>{owner ? t.title(owner.nickName) : ko.pages.userSpaceMuseumShow}</h1>
        {show.isError ? (
          <p role="alert">
            {koMuseum.loadFailed}{' '}
            <button type="button" className="link-button" onClick={() => void show.refetch()}>
              {koMuseum.retry}
            </button>
          </p>
        ) : (
          <p>{t.empty}</p>
        )}
        <p>
          <Link to={museumPath(userId)}>{t.back}</Link>
        </p>
      </section>
    );
  }

  const { exhibits } = show.data;
  const nick = show.data.owner.nickName;
  const slides: SlideImage[] = exhibits.map((e) => slideOf(e, nick, !phone));

  return (
    <section className="museum-show-page">
      <h1 className="visually-hidden">{t.title(nick)}</h1>
      <p className="visually-hidden">{t.hint}</p>
      <Lightbox
        open
        close={leave}
        index={startIndex(exhibits, galleryKey)}
        slides={slides}
        plugins={[Slideshow, Captions, Zoom]}
        slideshow={{ ref: slideshow, autoplay: !reduceMotion, delay: DELAY_MS }}
        captions={{ showToggle: true, descriptionTextAlign: 'start', descriptionMaxLines: 6 }}
        carousel={{ preload: 2, finite: exhibits.length < 3, imageProps: focusablePhoto }}
        on={{ view: onView }}
        controller={{ closeOnPullDown: true, closeOnBackdropClick: false }}
        zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
        labels={t.labels}
        // A phone zooms with its fingers: the zoom buttons would push the title aside.
        render={phone ? { buttonZoom: () => null } : undefined}
        toolbar={{
          buttons: phone
            ? ['slideshow', 'captions', 'close']
            : [
                <span key="hint" className="museum-show-hint keyboard-only" aria-hidden="true">
                  {t.hint}
                </span>,
                'slideshow',
                'zoom',
                'captions',
                'close',
              ],
        }}
        className="museum-lightbox"
      />
    </section>
  );
}

function slideOf(e: Exhibit, nick: string, full: boolean): SlideImage {
  const sizes = candidates(e.photo, { full });
  const largest = sizes[sizes.length - 1]!;
  return {
    src: largest.src,
    width: largest.width,
    height: largest.height,
    srcSet: sizes.map((c) => ({ src: c.src, width: c.width, height: c.height })),
    alt: e.photo.caption || e.title,
    title: e.title,
    description: (
      <div className="museum-caption">
        {e.note && <p className="museum-caption-note">{e.note}</p>}
        <p className="museum-caption-by">{t.by(nick)}</p>
        <ExifLine photo={e.photo} className="museum-caption-exif" />
      </div>
    ),
  };
}
