import { describe, expect, it } from 'vitest';
import { EtagMemory } from './etag-memory';

describe('EtagMemory', () => {
  it('keeps the body of an answer with an ETag under its call and body', () => {
    const m = new EtagMemory();
    const key = EtagMemory.key('/api/board/list', '{"boardId":"free"}');
    m.set(key, 'W/"abc"', '{"items":[]}');
    expect(m.get(key)).toEqual({ etag: 'W/"abc"', body: '{"items":[]}' });
    expect(m.get(EtagMemory.key('/api/board/list', '{"boardId":"qna"}'))).toBeUndefined();
  });

  it('forgets a call whose new answer came without an ETag', () => {
    const m = new EtagMemory();
    m.set('k', 'W/"abc"', 'old');
    m.set('k', null, 'personal');
    expect(m.get('k')).toBeUndefined();
  });

  it('holds a bounded number of answers, dropping the least recently used', () => {
    const m = new EtagMemory(2);
    m.set('a', '"1"', 'a');
    m.set('b', '"2"', 'b');
    m.get('a');
    m.set('c', '"3"', 'c');
    expect(m.size).toBe(2);
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')?.body).toBe('a');
  });
});
