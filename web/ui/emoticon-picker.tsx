// The emoticon picker of the post editor and the comment box: a 이모티콘 button that opens a
// grid of the community's emoticons (BoardInfo.emoticons). Picking one hands its ^{key} token
// to the caller, who puts it at the cursor; the server renders the picture. The grid opens in
// the flow of the page, so it fits a 360 px screen wherever the button sits.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { BoardInfo } from '../../common/api/boards';
import { emoticonSrc } from '../../common/content/emoticons';
import { ko } from '../i18n/ko';
import './emoticon-picker.css';

const m = ko.emoticons;

export type Emoticons = BoardInfo['emoticons'];

export const emoticonToken = (key: string) => `^{${key}}`;

/** The open state and the button; the grid is placed by the caller with <EmoticonGrid>. */
export function useEmoticonPicker() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return { open, setOpen, panelId, buttonId: `${panelId}-button` };
}
export type EmoticonPicker = ReturnType<typeof useEmoticonPicker>;

export interface EmoticonButtonProps {
  picker: EmoticonPicker;
  className: string;
  /** Renders the inside of the button (icon and label). */
  children: ReactNode;
}

export function EmoticonButton({ picker, className, children }: EmoticonButtonProps) {
  return (
    <button
      id={picker.buttonId}
      type="button"
      className={`${className} emoticon-toggle`}
      aria-expanded={picker.open}
      aria-controls={picker.open ? picker.panelId : undefined}
      // Keep the text's selection and cursor: the emoticon goes there.
      onMouseDown={(ev) => ev.preventDefault()}
      onClick={() => picker.setOpen((o) => !o)}
    >
      {children}
    </button>
  );
}

export interface EmoticonGridProps {
  picker: EmoticonPicker;
  emoticons: Emoticons;
  onPick: (token: string) => void;
}

export function EmoticonGrid({ picker, emoticons, onPick }: EmoticonGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const { open, setOpen, buttonId } = picker;

  // Opening with the keyboard or a click moves to the first emoticon.
  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  if (!open) return null;

  const close = () => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  };

  const onKeyDown = (ev: KeyboardEvent<HTMLDivElement>) => {
    if (ev.key === 'Escape') {
      ev.preventDefault();
      ev.stopPropagation();
      close();
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (!step) return;
    const buttons = Array.from(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    ev.preventDefault();
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div ref={grid} id={picker.panelId} className="emoticon-grid" role="group" aria-label={m.panel} onKeyDown={onKeyDown}>
      {emoticons.map((em) => (
        <button
          key={em.key}
          type="button"
          className="emoticon-choice"
          aria-label={m.insert(em.name)}
          title={em.name}
          onMouseDown={(ev) => ev.preventDefault()}
          onClick={() => {
            setOpen(false);
            onPick(emoticonToken(em.key));
          }}
        >
          <img src={emoticonSrc(em.key)} alt="" width={28} height={28} />
          <span className="emoticon-name">{em.name}</span>
        </button>
      ))}
    </div>
  );
}
