// The site's own photos inside member-written content (a post's body, its comments) as controls
// that open the full-screen viewer, with the page's other such photos, in page order, as the
// sequence. A photo counts when its address is an upload the page's answers describe (the post's
// files, the photos its comments' tokens show); other sites' images, emoticons and linked images
// stay as they are. The content is HTML the server rendered (ContentHtml), so each photo is wrapped
// in a button where it stands, again whenever that HTML is drawn anew.
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { PostFile } from '../../common/api/boards';
import { FILE_DOWN_PREFIX } from '../../common/content/urls';
import { koPhotoViewer } from '../i18n/ko-photos';
import type { ViewerPhoto } from './photo-viewer';
import './content-photos.css';

/** The images of rendered content (content.css): uploads and tokens' photos alike. */
const PHOTOS = '.content-body img.content-img';
const CONTROL = 'content-photo';

/** The file key of an upload's address (/api/file/down/{fileKey}/{name}), or null. */
export function fileKeyOf(src: string): string | null {
  let path: string;
  try {
    path = new URL(src, 'https://site.invalid/').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(FILE_DOWN_PREFIX)) return null;
  const part = path.slice(FILE_DOWN_PREFIX.length).split('/')[0];
  if (!part) return null;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * A post's photo as the viewer shows it. `drawn` is the image on the page, whose size stands in
 * for an older file that does not know its own.
 */
export function viewerPhotoOf(file: PostFile, alt: string, drawn?: { naturalWidth: number; naturalHeight: number }): ViewerPhoto {
  return {
    thumbUrl: file.thumbUrl ?? file.url,
    mediumUrl: file.mediumUrl ?? null,
    url: file.url,
    width: file.width ?? (drawn?.naturalWidth || 1600),
    height: file.height ?? (drawn?.naturalHeight || 1200),
    alt,
    exif: file.exif ?? null,
    cameraProduct: file.cameraProduct ?? null,
    lensProduct: file.lensProduct ?? null,
  };
}

const viewerPhoto = (file: PostFile, img: HTMLImageElement, n: number) => viewerPhotoOf(file, img.alt || koPhotoViewer.photoAlt(n), img);

export interface ContentPhotos {
  photos: ViewerPhoto[];
  /** The photo shown; null while the viewer is closed. */
  index: number | null;
  setIndex: (index: number) => void;
  close: () => void;
}

/** Makes the known photos inside `scope` open the viewer; what to hand PhotoViewerHost. */
export function useContentPhotos(scope: RefObject<HTMLElement | null>, files: readonly PostFile[]): ContentPhotos {
  const [view, setView] = useState<{ photos: ViewerPhoto[]; index: number } | null>(null);
  const photos = files.filter((f) => f.image);
  const knownKeys = photos.map((f) => f.fileKey).join(' ');
  // The files as this drawing knows them, read by the effect's handlers.
  const fileOf = useEffectEvent((img: HTMLImageElement) => {
    const key = fileKeyOf(img.getAttribute('src') ?? '');
    return key === null ? undefined : photos.find((f) => f.fileKey === key);
  });

  useEffect(() => {
    const root = scope.current;
    if (!root) return;
    /** The photos that open the viewer, in page order. */
    const shown = () => [...root.querySelectorAll<HTMLImageElement>(PHOTOS)].filter((img) => !img.closest('a') && fileOf(img));
    let frame = 0;
    const wrap = () => {
      frame = 0;
      shown().forEach((img, i) => {
        let button = img.parentElement;
        if (!button?.classList.contains(CONTROL)) {
          button = document.createElement('button');
          button.setAttribute('type', 'button');
          button.className = CONTROL;
          img.replaceWith(button);
          button.append(img);
        }
        const label = koPhotoViewer.openPhoto(i + 1, img.alt.trim());
        if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
      });
    };
    const onClick = (e: MouseEvent) => {
      const button = (e.target as Element | null)?.closest?.(`.${CONTROL}`);
      if (!button || !root.contains(button)) return;
      const imgs = shown();
      const at = imgs.findIndex((img) => img.parentElement === button);
      if (at < 0) return;
      e.preventDefault();
      setView({ photos: imgs.map((img, i) => viewerPhoto(fileOf(img)!, img, i + 1)), index: at });
    };
    // Comments arrive, are written and edited after the post: wrap what each drawing brings.
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(wrap);
    });
    observer.observe(root, { childList: true, subtree: true });
    root.addEventListener('click', onClick);
    wrap();
    return () => {
      observer.disconnect();
      root.removeEventListener('click', onClick);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scope, knownKeys]);

  return {
    photos: view?.photos ?? [],
    index: view?.index ?? null,
    setIndex: (index) => setView((v) => v && { ...v, index }),
    close: () => setView(null),
  };
}
