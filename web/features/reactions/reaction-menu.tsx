// The menu of the five reactions under 공감하기 (loaded on its first opening): a WAI-ARIA menu of
// radio items, the member's own checked. Arrow keys, Home and End move, Enter or Space chooses,
// Escape closes back to the button; a tap outside or Tab closes it.
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { REACTION_EMOJI, REACTION_LABEL, REACTIONS, type Reaction } from '../../../common/reactions';
import { koReactions as t } from './texts';

export interface ReactionMenuProps {
  id: string;
  mine: Reaction | null;
  anchor: RefObject<HTMLButtonElement | null>;
  onPick: (reaction: Reaction) => void;
  /** refocus: hand focus back to the button (Escape), not when focus moves on by itself. */
  onClose: (refocus: boolean) => void;
}

export default function ReactionMenu({ id, mine, anchor, onPick, onClose }: ReactionMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const items = () => [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];

  useLayoutEffect(() => {
    // Kept on the screen: a button near the right edge opens it leftwards.
    const menu = ref.current;
    const over = menu ? menu.getBoundingClientRect().right - (document.documentElement.clientWidth - 8) : 0;
    if (menu && over > 0) menu.style.left = `${-over}px`;
    const list = items();
    (list[Math.max(0, mine ? REACTIONS.indexOf(mine) : 0)] ?? list[0])?.focus();
  }, [mine]);

  useEffect(() => {
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!ref.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [anchor, onClose]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowRight':
        move(at + 1);
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        return;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div ref={ref} id={id} className="reaction-menu" role="menu" aria-label={t.menu} aria-orientation="horizontal" onKeyDown={onKeyDown}>
      {REACTIONS.map((r) => (
        <button key={r} type="button" role="menuitemradio" aria-checked={mine === r} tabIndex={-1} className={mine === r ? 'reaction-option is-mine' : 'reaction-option'} onClick={() => onPick(r)}>
          <span className="reaction-option-emoji" aria-hidden="true">
            {REACTION_EMOJI[r]}
          </span>
          <span className="reaction-option-label">{REACTION_LABEL[r]}</span>
        </button>
      ))}
    </div>
  );
}
