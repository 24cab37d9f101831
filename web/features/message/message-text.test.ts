import { describe, expect, it } from 'vitest';
import { messageFromParam } from './message-text';

describe('messageFromParam', () => {
  it('keeps decoded text and decodes leftovers once', () => {
    expect(messageFromParam('삭제된 글입니다.')).toBe('삭제된 글입니다.');
    expect(messageFromParam(encodeURIComponent('권한이 없습니다.'))).toBe('권한이 없습니다.');
    expect(messageFromParam('100%')).toBe('100%');
    expect(messageFromParam(undefined)).toBe('');
  });
});
