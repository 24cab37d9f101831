// Texts built from a name take the particle its last sound asks for.
import { describe, expect, it } from 'vitest';
import { koAdminMenu } from './texts';

describe('drag texts', () => {
  it('join a menu name with 를/을', () => {
    expect(koAdminMenu.dnd.start('공지사항')).toBe('공지사항을 집었습니다.');
    expect(koAdminMenu.dnd.end('갤러리')).toBe('갤러리를 내려놓았습니다.');
  });
});
