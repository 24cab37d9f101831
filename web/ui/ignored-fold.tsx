// The fold over what an ignored member wrote (decision 46): "차단한 회원의 글입니다" and a 보기
// button (one tap or Enter) that shows it, for this page view only. Lists, comments and views
// use it; a notice (pinned post) never folds. After 보기 the shown content takes the focus, so a
// keyboard user reads on from there. Photo grids fold a tile in its own place (FoldedTile): the
// image is not even asked for until 보기.
import { useCallback, useState, type CSSProperties, type ReactNode } from 'react';
import { koIgnore } from '../i18n/ko-ignore';
import { useIsIgnored } from '../shared/ignored';
import { useSessionKnown } from '../shared/session-store';
import { IgnoreButton } from './ignore-button';
import { LiteButton } from './lite-button';
import './ignored-fold.css';

export type FoldWhat = 'post' | 'comment' | 'photo';

const FOLD_TEXT: Record<FoldWhat, string> = { post: koIgnore.fold, comment: koIgnore.foldComment, photo: koIgnore.foldPhoto };

export interface Fold {
  /** The author is ignored and the reader has not asked to see it. */
  folded: boolean;
  /** It was folded and the reader showed it. */
  revealed: boolean;
  /**
   * The session's answer has not come yet, so whether it folds is unknown: a photo waits (an
   * empty tile) rather than be fetched and then folded. Text shows meanwhile, as it always has.
   */
  waiting: boolean;
  show(): void;
  /** On the element that replaces the fold: it takes the focus once shown. */
  focusShown: (el: HTMLElement | null) => void;
}

/** Whether `userId`'s content folds here (never for a notice), and the way to show it. */
export function useFold(userId: string, exempt = false): Fold {
  const ignored = useIsIgnored(userId);
  const known = useSessionKnown();
  const [shown, setShown] = useState(false);
  const [focusNext, setFocusNext] = useState(false);
  const focusShown = useCallback(
    (el: HTMLElement | null) => {
      if (!el || !focusNext) return;
      // A list row's (or a photo tile's) own link, else the shown block itself.
      const target = el.querySelector<HTMLElement>('a[data-row-link]') ?? el;
      if (target === el && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      target.focus();
      setFocusNext(false);
    },
    [focusNext],
  );
  return {
    folded: ignored && !exempt && !shown,
    revealed: ignored && !exempt && shown,
    waiting: !known && !exempt && userId !== '',
    show: () => {
      setShown(true);
      setFocusNext(true);
    },
    focusShown,
  };
}

/** The fold's words and its 보기 button, inline (a table cell, a card). */
export function FoldNotice({ what = 'post', onShow }: { what?: FoldWhat; onShow: () => void }) {
  const text = FOLD_TEXT[what];
  return (
    <span className="ignored-fold">
      <i className="pi pi-eye-slash" aria-hidden="true" />
      <span className="ignored-fold-text">{text}</span>
      <LiteButton small outlined label={koIgnore.show} aria-label={koIgnore.showLabel(text)} className="ignored-fold-show" onClick={onShow} />
    </span>
  );
}

/**
 * A photo tile folded (decision 46): a box the size of the tile (the grid's cell, or `style`'s
 * aspect ratio) with the fold's words and 보기, and no <img>, so the picture is never fetched.
 * The tile, once shown, marks its link `data-row-link` so that useFold's focus lands on it.
 * Without `onShow` (Fold.waiting) the box stands empty until the session's answer comes.
 */
export function FoldedTile({ onShow, className, style }: { onShow?: () => void; className?: string; style?: CSSProperties }) {
  return (
    <div className={`ignored-fold-tile ${onShow ? '' : 'is-waiting '}${className ?? ''}`.trim()} style={style} aria-hidden={onShow ? undefined : true}>
      {onShow && <FoldNotice what="photo" onShow={onShow} />}
    </div>
  );
}

/** A block that folds when its author is ignored (a comment, a post's body, a card). */
export function IgnoredFold({ userId, exempt, what = 'post', className, children }: { userId: string; exempt?: boolean; what?: FoldWhat; className?: string; children: ReactNode }) {
  const { folded, revealed, waiting, show, focusShown } = useFold(userId, exempt);
  // Photos are not drawn before it is known whether they fold (Fold.waiting).
  if (waiting && what === 'photo') return null;
  if (folded) {
    return (
      <div className={`ignored-fold-block ${className ?? ''}`.trim()}>
        <FoldNotice what={what} onShow={show} />
      </div>
    );
  }
  if (!revealed) return <>{children}</>;
  return (
    <div ref={focusShown} className="ignored-fold-shown">
      {children}
    </div>
  );
}

/**
 * A whole page's item (a post, a market item, a gallery photo) folded: the fold as its heading,
 * 보기 and 차단 해제, and whatever else the page offers there (the list link).
 */
export function FoldedPage({ className, titleId, titleClass, actionsClass, author, onShow, children }: {
  className: string;
  titleId: string;
  titleClass?: string;
  actionsClass: string;
  author: { userId: string; nickName: string };
  onShow: () => void;
  children?: ReactNode;
}) {
  return (
    <article className={`${className} post-ignored`} aria-labelledby={titleId}>
      <h1 id={titleId} className={titleClass}>
        <i className="pi pi-eye-slash" aria-hidden="true" /> {koIgnore.fold}
      </h1>
      <div className={actionsClass}>
        <LiteButton icon="pi pi-eye" label={koIgnore.show} aria-label={koIgnore.showLabel(koIgnore.fold)} onClick={onShow} />
        <IgnoreButton userId={author.userId} nickName={author.nickName} />
        {children}
      </div>
    </article>
  );
}
