// Every action code and target kind the server records has a Korean name on the audit page.
import { describe, expect, it } from 'vitest';
import { ReportKind } from '../../../../common/api/reports';
import { formatDateTime } from '../../../../common/format';
import { ACTION_CODES, actionName, fieldName, targetKindName, valueName } from './audit-names';

// The server's sources as text (Vite reads them at test time), tests left out.
const files = import.meta.glob(['../../../../server/modules/**/*.ts', '!../../../../server/modules/**/*.test.ts'], { query: '?raw', import: 'default', eager: true });
const code = Object.values(files).join('\n');
const found = (re: RegExp) => [...new Set([...code.matchAll(re)].map((m) => m[1]!))];

describe('audit names', () => {
  it('names every action code the server writes', () => {
    const actions = found(/action:\s*(?:[^,]*\?\s*)?'([a-zA-Z]+\.[a-zA-Z]+)'/g).concat(found(/:\s*'([a-zA-Z]+\.[a-zA-Z]+)',\s*\n?\s*targetKind/g));
    // The ternary in the logo switch names both codes.
    actions.push(...found(/'(logo\.[a-zA-Z]+)'/g));
    expect(actions.length).toBeGreaterThan(20);
    expect(actions.filter((a) => actionName(a) === a)).toEqual([]);
    expect(ACTION_CODES).toContain('logo.deactivate');
  });

  it('names every target kind, reported things included', () => {
    const kinds = [...found(/targetKind:\s*'([a-zA-Z]+)'/g), ...ReportKind.options];
    expect(kinds.filter((k) => targetKindName(k) === k)).toEqual([]);
  });

  it('reads an unknown code as itself', () => {
    expect(actionName('future.thing')).toBe('future.thing');
    expect(actionName('board.save')).toBe('게시판 수정');
  });

  it('names the fields of a record, dotted ones by segment, and yes and no', () => {
    expect(fieldName('settings.tagline')).toBe('설정 › 한 줄 소개');
    expect(fieldName('amountPublic')).toBe('금액 공개');
    expect(fieldName('somethingNew')).toBe('somethingNew');
    expect([valueName('true'), valueName('false'), valueName('3'), valueName(null)]).toEqual(['예', '아니요', '3', null]);
    expect([valueName('suspended', 'status'), valueName('open', 'status'), valueName('hide', 'outcome'), valueName('active', 'name')]).toEqual(['정지', '처리 대기', '내용 가리기', 'active']);
    expect(valueName('2026-11-26T00:26:24.275Z', 'suspendedUntil')).toBe(formatDateTime('2026-11-26T00:26:24.275Z'));
    expect(valueName('2026-11-20', 'donatedOn')).toBe('2026-11-20');
  });
});
