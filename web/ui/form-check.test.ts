import { describe, expect, it } from 'vitest';
import { ResetStep3, UpdateForm } from '../../common/api/account';
import { MenuTreeSave } from '../../common/api/admin-menus';
import { PostSave } from '../../common/api/boards';
import { SendForm } from '../../common/api/letters';
import { JoinForm } from '../../common/api/session';
import { checkForm, describedBy, errorId } from './form-check';

const join = { userId: 'camera_1', password: 'Camera-pass-1', rePassword: 'Camera-pass-1', nickName: '사진가', email: 'a@example.com', question: '첫 카메라는?', answer: 'FM2', agree: 'Y' };

describe('checkForm', () => {
  it('passes the parsed data through', () => {
    const r = checkForm(JoinForm, join);
    expect(r.ok).toBe(true);
  });

  it('names the first failing field in screen order with its Korean message', () => {
    const r = checkForm(JoinForm, { ...join, nickName: '', email: '' });
    expect(r).toEqual({ ok: false, field: 'nickName', message: '닉네임은 필수 입력 항목입니다.' });
  });

  it('a password mismatch belongs to the confirmation field', () => {
    const r = checkForm(ResetStep3, { userId: 'camera_1', email: 'a@example.com', question: 'q', answer: 'a', password: 'Camera-pass-1', rePassword: 'other-pass-1' });
    expect(r.ok === false && r.field).toBe('rePassword');
    const u = checkForm(UpdateForm, { nickName: '사진가', email: 'a@example.com', question: 'q', answer: 'a', password: 'Camera-pass-1', rePassword: 'x' });
    expect(u.ok === false && u.field).toBe('rePassword');
  });

  it('the post body and the letter fields are named too', () => {
    const post = checkForm(PostSave, { boardId: 'free', category: 'c0', subject: '제목', content: '<p></p>', files: [] });
    expect(post).toMatchObject({ ok: false, field: 'content', message: '내용은 필수 입력 항목입니다.' });
    const letter = checkForm(SendForm, { receiver: 'camera_1', subject: '', content: '안녕하세요' });
    expect(letter).toMatchObject({ ok: false, field: 'subject' });
  });

  it('a rule its schema states without words names the field as the server does', () => {
    const menu = checkForm(MenuTreeSave, { groups: [{ label: '모임', icon: 5 }] });
    expect(menu).toEqual({ ok: false, field: 'groups', message: '1번째 메뉴 그룹의 아이콘은 글자로 보내 주세요.' });
  });
});

describe('describedBy', () => {
  it('joins the given ids and leaves out empty ones; none is undefined', () => {
    expect(describedBy(['a-hint', false, undefined, 'a-error'])).toBe('a-hint a-error');
    expect(describedBy([false, ''])).toBeUndefined();
    expect(errorId('join-userId')).toBe('join-userId-error');
  });
});
