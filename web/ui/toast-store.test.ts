import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => createToastStore(() => Date.now());

  it('gives ids in order and applies the defaults', () => {
    const s = make();
    const a = s.show({ detail: 'a' });
    const b = s.show({ detail: 'b', severity: 'error' });
    expect(b).toBe(a + 1);
    expect(s.getMessages()[0]).toMatchObject({ severity: 'info', life: 3000, closable: true });
  });

  it('closes a message at the end of its life', () => {
    const s = make();
    s.show({ detail: 'a' });
    vi.advanceTimersByTime(2999);
    expect(s.getMessages()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.getMessages()).toHaveLength(0);
  });

  it('pauses on hover keeping the remaining time, and resumes with it', () => {
    const s = make();
    const id = s.show({ detail: 'a', life: 3000 });
    vi.advanceTimersByTime(1000);
    s.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(s.getMessages()).toHaveLength(1);
    expect(s.remaining(id)).toBe(2000);
    s.resume(id);
    vi.advanceTimersByTime(1999);
    expect(s.getMessages()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.getMessages()).toHaveLength(0);
  });

  it('keeps messages with no life until removed', () => {
    const s = make();
    const id = s.show({ detail: 'a', life: 0 });
    vi.advanceTimersByTime(60_000);
    expect(s.getMessages()).toHaveLength(1);
    s.remove(id);
    expect(s.getMessages()).toHaveLength(0);
  });

  it('removes by id, by group and all', () => {
    const s = make();
    const a = s.show({ detail: 'a' });
    s.show({ detail: 'b', group: 'letters' });
    s.show({ detail: 'c', group: 'letters' });
    s.show({ detail: 'd' });
    s.remove(a);
    expect(s.getMessages().map((m) => m.detail)).toEqual(['b', 'c', 'd']);
    s.removeGroup('letters');
    expect(s.getMessages().map((m) => m.detail)).toEqual(['d']);
    s.removeAll();
    expect(s.getMessages()).toEqual([]);
  });

  it('replaces a message shown again with the same id and notifies listeners', () => {
    const s = make();
    const seen: number[] = [];
    s.subscribe(() => seen.push(s.getMessages().length));
    s.show({ id: 7, detail: 'a' });
    s.show({ id: 7, detail: 'b' });
    expect(s.getMessages()).toHaveLength(1);
    expect(s.getMessages()[0]?.detail).toBe('b');
    expect(s.show({ detail: 'next' })).toBe(8);
    expect(seen).toEqual([1, 1, 2]);
  });
});
