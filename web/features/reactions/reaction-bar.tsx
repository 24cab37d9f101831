// The reaction bar under a post and on each comment: the reactions chosen so far with their
// counts (a tap on one's face chooses it or takes it back, a tap on its count shows who), and
// 공감하기 with a small menu of the five. Counts and the reader's own come with the post view and
// the comment list, so the bar asks for nothing on load; the menu and the dialog load when used.
import { lazy, Suspense, useRef, useState } from 'react';
import { REACTION_EMOJI, REACTION_LABEL, REACTIONS, type Reaction } from '../../../common/reactions';
import type { ReactionCounts, ReactionState, ReactionTarget } from '../../../common/api/reactions';
import { formatNumber } from '../../../common/format';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { useToggleReaction } from './api/toggle';
import { koReactions as t } from './texts';
import './reactions.css';

const ReactionMenu = lazy(() => import('./reaction-menu'));
const ReactionWhoDialog = lazy(() => import('./reaction-who-dialog'));

export interface ReactionBarProps {
  target: ReactionTarget;
  counts: ReactionCounts | undefined;
  mine: Reaction | null | undefined;
  /** What the bar is about, for screen readers: "글", "홍길동님의 댓글". */
  what: string;
  /** After a toggle: the owner puts the new counts and choice where its data lives. */
  onChange: (state: ReactionState) => void;
  className?: string;
}

export function ReactionBar({ target, counts, mine = null, what, onChange, className }: ReactionBarProps) {
  const user = useSessionUser();
  const toggle = useToggleReaction(onChange);
  const [menuOpen, setMenuOpen] = useState(false);
  // seq: each opening is a fresh dialog (its filter starts at the count tapped).
  const [who, setWho] = useState<{ open: boolean; reaction?: Reaction; seq: number } | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const shown = REACTIONS.filter((r) => (counts?.[r] ?? 0) > 0);
  const choose = (reaction: Reaction) => {
    if (!user.logined) return loginPopup.open();
    if (!toggle.isPending) toggle.mutate({ target, reaction });
  };
  const menuId = `reaction-menu-${target.kind}-${target.key}`;

  return (
    <div className={['reaction-bar', className].filter(Boolean).join(' ')} role="group" aria-label={t.group(what)}>
      {shown.map((r) => {
        const n = counts?.[r] ?? 0;
        const chosen = mine === r;
        return (
          <span key={r} className={chosen ? 'reaction-chip is-mine' : 'reaction-chip'}>
            <button type="button" className="reaction-face" aria-pressed={chosen} aria-label={t.chip(REACTION_LABEL[r], n, chosen)} title={REACTION_LABEL[r]} onClick={() => choose(r)}>
              <span aria-hidden="true">{REACTION_EMOJI[r]}</span>
            </button>
            <button type="button" className="reaction-count" aria-label={t.who(REACTION_LABEL[r], n)} aria-haspopup="dialog" onClick={() => setWho({ open: true, reaction: r, seq: (who?.seq ?? 0) + 1 })}>
              {formatNumber(n)}
            </button>
          </span>
        );
      })}
      <span className="reaction-add-wrap">
        <button
          ref={addRef}
          type="button"
          className="reaction-add"
          aria-label={t.addLabel(what)}
          title={t.add}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={() => (user.logined ? setMenuOpen((o) => !o) : loginPopup.open())}
        >
          <i className="pi pi-face-smile" aria-hidden="true" />
          <span className="reaction-add-label">{t.add}</span>
        </button>
        {menuOpen && (
          <Suspense fallback={null}>
            <ReactionMenu
              id={menuId}
              mine={mine}
              anchor={addRef}
              onPick={(r) => {
                setMenuOpen(false);
                addRef.current?.focus();
                choose(r);
              }}
              onClose={(refocus) => {
                setMenuOpen(false);
                if (refocus) addRef.current?.focus();
              }}
            />
          </Suspense>
        )}
      </span>
      {who && (
        <Suspense fallback={null}>
          <ReactionWhoDialog key={who.seq} target={target} initial={who.reaction} counts={counts ?? {}} visible={who.open} onHide={() => setWho({ ...who, open: false })} />
        </Suspense>
      )}
    </div>
  );
}
