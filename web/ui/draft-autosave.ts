// A write form's draft kept in the browser (the board editor's and the market editor's): stored
// every few seconds and when the page is left, offered back on the next opening, removed when the
// form is saved. One per form for a new post and one per post being edited. Nothing here leaves
// the browser.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { confirm } from './confirm';
import type { RichEditorHandle } from './rich-editor';

const AUTOSAVE_MS = 5000;

/** Uploads nobody attached are removed after a day, so an older draft's files are gone. */
const FILES_KEPT_MS = 23 * 3600_000;

/** A stored draft: the form's values, the editor's html and when it was stored. */
export type Draft<V> = V & { html: string; savedAt: number };

/** Reads a stored draft's values back, or null when they are not a draft of this form. */
export type DraftParser<D> = (stored: Partial<D>, filesKept: boolean) => D | null;

/** `form` names the form (a board's id, 'market'); `postKey` the post being edited. */
export const draftKey = (form: string, postKey?: number) => `chalkak.draft.${form}${postKey === undefined ? '' : `.${postKey}`}`;

export function readDraft<D>(key: string, parse: DraftParser<D>): D | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<D> & { savedAt?: unknown };
    const filesKept = typeof d.savedAt === 'number' && Date.now() - d.savedAt < FILES_KEPT_MS;
    return parse(d, filesKept);
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: object): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false; // storage full or blocked: the draft is a convenience only
  }
}

export function removeDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

export interface DraftAutosaveOptions<V extends object> {
  key: string;
  /** What the form holds now, besides the editor's html. */
  values: V;
  editor: RefObject<RichEditorHandle | null>;
  parse: DraftParser<Draft<V>>;
  /** The question that offers a stored draft back. */
  offer: string;
  /** Puts a taken-back draft's values in the form; the editor's html is set after it. */
  restore: (draft: Draft<V>) => void;
}

export interface DraftAutosave {
  /** When the draft was last stored (for the form's status line). */
  savedAt: number | null;
  /** The form is saved: the draft goes and nothing is stored any more. */
  finish: () => void;
}

export function useDraftAutosave<V extends object>({ key, values, editor, parse, offer, restore }: DraftAutosaveOptions<V>): DraftAutosave {
  const [savedAt, setSavedAt] = useState<number | null>(null);

  // The draft machinery reads the latest values without re-arming its timer.
  const latest = useRef({ values, parse, restore });
  useEffect(() => {
    latest.current = { values, parse, restore };
  });
  const baseline = useRef<string | null>(null);
  const lastStored = useRef<string | null>(null);
  const decided = useRef(false);
  const restored = useRef(false);
  const finished = useRef(false);

  const storeDraft = useCallback(() => {
    if (!decided.current || finished.current) return;
    const html = editor.current?.getHtml() ?? null;
    if (html === null) return;
    const { values: now } = latest.current;
    const snap = JSON.stringify({ ...now, html });
    // The starting point: the form's values at the first look once the editor is ready (fields
    // filled from the server have settled by then), with the editor's html as it opened, so text
    // typed before that first look still counts as a change.
    if (baseline.current === null) {
      const opening = restored.current ? html : (editor.current?.getOpeningHtml() ?? html);
      baseline.current = JSON.stringify({ ...now, html: opening });
      lastStored.current = baseline.current;
    }
    if (snap === lastStored.current) return;
    if (snap === baseline.current) {
      // Back to what the page opened with: nothing worth keeping.
      removeDraft(key);
      lastStored.current = snap;
      return;
    }
    const at = Date.now();
    if (writeDraft(key, { ...now, html, savedAt: at })) {
      lastStored.current = snap;
      setSavedAt(at);
    }
  }, [key, editor]);

  // On opening: remember the starting point, then offer a stored draft back.
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current) return;
    offered.current = true;
    const draft = readDraft(key, latest.current.parse);
    if (!draft) {
      decided.current = true;
      return;
    }
    confirm({
      message: offer,
      icon: 'pi pi-file-edit',
      accept: () => {
        latest.current.restore(draft);
        editor.current?.setHtml(draft.html);
        restored.current = true;
        decided.current = true;
        // The draft stays stored until the form is saved or the draft is declined next time.
        baseline.current = null;
      },
      reject: () => {
        removeDraft(key);
        decided.current = true;
      },
    });
  }, [key, editor, offer]);

  useEffect(() => {
    // The starting point is fixed as soon as the editor is ready (it loads lazily, so poll
    // briefly rather than guess a delay); after that a look every few seconds.
    const first = setInterval(() => {
      if (baseline.current !== null) clearInterval(first);
      else storeDraft();
    }, 100);
    const timer = setInterval(storeDraft, AUTOSAVE_MS);
    window.addEventListener('pagehide', storeDraft);
    return () => {
      clearInterval(first);
      clearInterval(timer);
      window.removeEventListener('pagehide', storeDraft);
      storeDraft();
    };
  }, [storeDraft]);

  const finish = useCallback(() => {
    finished.current = true;
    removeDraft(key);
  }, [key]);

  return { savedAt, finish };
}
