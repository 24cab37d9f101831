import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey, readDraft, removeDraft, writeDraft, type DraftParser } from './draft-autosave';

interface Note {
  subject: string;
  files: string[];
  savedAt: number;
}

const parse: DraftParser<Note> = (d, filesKept) => (typeof d.subject === 'string' ? { subject: d.subject, files: filesKept && Array.isArray(d.files) ? d.files : [], savedAt: d.savedAt ?? 0 } : null);

describe('draft store', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keys one draft per form for a new post and one per post being edited', () => {
    expect(draftKey('free')).toBe('chalkak.draft.free');
    expect(draftKey('market', 12)).toBe('chalkak.draft.market.12');
  });

  it('reads back what was written, and nothing once removed', () => {
    const key = draftKey('free');
    expect(writeDraft(key, { subject: '쓰다 만 글', files: ['a'], savedAt: Date.now() })).toBe(true);
    expect(readDraft(key, parse)).toMatchObject({ subject: '쓰다 만 글', files: ['a'] });
    removeDraft(key);
    expect(readDraft(key, parse)).toBeNull();
  });

  it("drops a day-old draft's files (their uploads are gone) but keeps its text", () => {
    const key = draftKey('free');
    writeDraft(key, { subject: '어제 글', files: ['a'], savedAt: Date.now() - 24 * 3600_000 });
    expect(readDraft(key, parse)).toMatchObject({ subject: '어제 글', files: [] });
  });

  it('reads something that is not a draft as none', () => {
    localStorage.setItem('chalkak.draft.free', '{not json');
    expect(readDraft('chalkak.draft.free', parse)).toBeNull();
    localStorage.setItem('chalkak.draft.free', JSON.stringify({ files: [] }));
    expect(readDraft('chalkak.draft.free', parse)).toBeNull();
  });
});
