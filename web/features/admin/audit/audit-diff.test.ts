import { describe, expect, it } from 'vitest';
import { diffRows, flatten, valueText } from './audit-diff';

describe('audit diff', () => {
  it('lists only the changed fields, nested ones by dotted name', () => {
    const before = { name: '자유', levels: { read: 0, write: 1 }, tags: ['a'] };
    const after = { name: '자유게시판', levels: { read: 0, write: 2 }, tags: ['a'], hidden: true };
    expect(diffRows(before, after)).toEqual([
      { field: 'name', before: '자유', after: '자유게시판', changed: true },
      { field: 'levels.write', before: '1', after: '2', changed: true },
      { field: 'hidden', before: null, after: 'true', changed: true },
    ]);
    expect(diffRows(before, after, true)).toHaveLength(5);
  });

  it('shows a create or delete as every field on one side', () => {
    expect(diffRows(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: '1', changed: true }]);
    expect(diffRows({ a: 'x' }, null)).toEqual([{ field: 'a', before: 'x', after: null, changed: true }]);
    expect(diffRows(null, null)).toEqual([]);
  });

  it('keeps markup as text and a bare value as one row', () => {
    expect(diffRows('<b>old</b>', '<img src=x onerror=alert(1)>')).toEqual([{ field: '', before: '<b>old</b>', after: '<img src=x onerror=alert(1)>', changed: true }]);
    expect(valueText({ a: [1] })).toBe('{"a":[1]}');
    expect([...flatten({ a: {} }).keys()]).toEqual(['a']);
  });
});
