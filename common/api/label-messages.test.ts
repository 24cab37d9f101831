// Messages built from a label or a name take the particle that label's last sound asks for.
import { describe, expect, it } from 'vitest';
import { AuditListQuery } from './admin-audit.js';
import { SHORT_KEY_MSG, ShortKey, shortKeyClash } from './admin-menus.js';
import { price } from './market.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('market prices', () => {
  it('name the price with 는/은 and 를/을 as its label ends', () => {
    expect(messageOf(price('시작가').safeParse(500))).toBe('시작가는 1,000원 이상이어야 합니다.');
    expect(messageOf(price('즉시 구매가').safeParse(1_000_000_000))).toBe('즉시 구매가는 999,999,999원 이하여야 합니다.');
    expect(messageOf(price('입찰 단위').safeParse(1500.5))).toBe('입찰 단위는 원 단위 정수로 입력해 주세요.');
    expect(messageOf(price('판매 가격').safeParse(10))).toBe('판매 가격은 1,000원 이상이어야 합니다.');
    expect(messageOf(price('시작가').safeParse('abc'))).toBe('시작가를 숫자로 입력해 주세요.');
  });
});

describe('audit filters', () => {
  it('name the day fields with 은/을', () => {
    expect(messageOf(AuditListQuery.safeParse({ from: '2026-1-1' }))).toBe('시작일은 2026-01-31처럼 입력해 주세요.');
    expect(messageOf(AuditListQuery.safeParse({ to: '2026-02-30' }))).toBe('종료일을 확인해 주세요.');
    expect(messageOf(AuditListQuery.safeParse({ action: 'x'.repeat(61) }))).toBe('작업은 60자까지 입력할 수 있습니다.');
  });
});

describe('menu shortcut keys', () => {
  it('read a digit key as a Korean numeral and a letter by its name', () => {
    expect(messageOf(ShortKey.safeParse('h'))).toBe('단축키 H는 사이트가 이미 쓰는 키입니다(홈으로 가기).');
    expect(SHORT_KEY_MSG.reserved('1', '도움말')).toBe('단축키 1은 사이트가 이미 쓰는 키입니다(도움말).');
    const items = (key: string) => [{ label: '그룹', items: [{ label: '공지', shortKey: key }, { label: '자유', shortKey: key }] }];
    expect(shortKeyClash(items('3'))?.message).toBe("단축키 3은 '공지' 메뉴가 이미 쓰고 있습니다.");
    expect(shortKeyClash(items('2'))?.message).toBe("단축키 2는 '공지' 메뉴가 이미 쓰고 있습니다.");
    expect(shortKeyClash(items('M'))?.message).toBe("단축키 M은 '공지' 메뉴가 이미 쓰고 있습니다.");
  });
});
