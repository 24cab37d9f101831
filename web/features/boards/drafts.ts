// Drafts kept in the browser while a post is written: one per board for a new post and one per
// post for an edit. Nothing here leaves the browser.
export interface DraftFile {
  fileKey: string;
  name: string;
  size: number;
  image: boolean;
  url: string;
}

export interface Draft {
  category: string;
  subject: string;
  html: string;
  notice: boolean;
  files: DraftFile[];
  savedAt: number;
}

/** Uploads nobody attached are removed after a day, so an older draft's files are gone. */
const FILES_KEPT_MS = 23 * 3600_000;

export const draftKey = (boardId: string, postKey?: number) => `chalkak.draft.${boardId}${postKey === undefined ? '' : `.${postKey}`}`;

export function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.html !== 'string' || typeof d.subject !== 'string' || typeof d.category !== 'string') return null;
    const fresh = typeof d.savedAt === 'number' && Date.now() - d.savedAt < FILES_KEPT_MS;
    return {
      category: d.category,
      subject: d.subject,
      html: d.html,
      notice: d.notice === true,
      files: fresh && Array.isArray(d.files) ? d.files : [],
      savedAt: d.savedAt ?? 0,
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Draft): boolean {
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
