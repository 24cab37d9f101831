// A request that breaks a field's rule is answered with a message naming that field in Korean,
// on every call: never the general "입력 값을 확인해 주세요." and never the validator's English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaOf, BAD_BODY, fieldLabel } from '../../common/field-messages.js';
import { adminCookie, member, uploadedFile } from '../test/boards.js';
import { post, testApp, type TestApp } from '../test/harness.js';
import { itemBody, seller } from '../test/market.js';
import { fieldKeys, requestSchemas, skeleton } from '../test/request-schemas.js';
import { validatorCompiler } from './validator.js';

const GENERAL = '입력 값을 확인해 주세요.';
const HANGUL = /[\uAC00-\uD7A3]/;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
});
afterAll(async () => {
  await t?.close();
});

/** Every message the route's validator gives for `data` (all issues, not only the first). */
function messages(url: string, part: string, schema: Parameters<typeof validatorCompiler>[0]['schema'], data: unknown): string[] {
  const result = validatorCompiler({ schema, url, method: 'POST', httpPart: part })(data) as { error?: { message: string; instancePath: string }[] };
  return (result.error ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const unnamed = (lines: string[]) => lines.filter((m) => !HANGUL.test(m) || m.endsWith(GENERAL));

describe('field names', () => {
  it('every field of every call has a Korean name', () => {
    const missing = new Set<string>();
    for (const r of requestSchemas(t.app)) {
      for (const [parent, key] of fieldKeys(r.schema)) {
        if (!fieldLabel(areaOf(r.url), parent ? [parent, 0, key] : [key])) missing.add(`${r.url} ${parent ? `${parent}.` : ''}${key}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('names an element of a list by its place and the field inside it', () => {
    const menu = requestSchemas(t.app).find((r) => r.url === '/api/admin/menu/save')!;
    const got = messages(menu.url, 'body', menu.schema, { groups: [{ label: '사진', items: [] }, { label: '모임', icon: 5 }] });
    expect(got).toEqual(['/groups/1/icon 2번째 메뉴 그룹의 아이콘은 글자로 보내 주세요.']);
    const gallery = requestSchemas(t.app).find((r) => r.url === '/api/gallery/save')!;
    expect(messages(gallery.url, 'body', gallery.schema, { title: '바다', photos: [{ fileKey: 'a' }, { caption: '둘째' }] })).toEqual([
      '/photos/1/fileKey 2번째 사진의 사진 파일은 필수 입력 항목입니다.',
    ]);
  });
});

describe('every issue of every call', () => {
  // One parse per probe reports all the issues of the body: missing fields, and every leaf of the
  // schema's shape holding a value of the wrong kind (a list in a list fits no field).
  const probes: [string, (s: Parameters<typeof skeleton>[0]) => unknown][] = [
    ['an empty body', () => ({})],
    ['every field a list of a list', (s) => skeleton(s, [[]])],
    ['every field an object', (s) => skeleton(s, { a: 1 })],
    ['every field a text', (s) => skeleton(s, 'x'.repeat(300_000))],
    ['every field a number', (s) => skeleton(s, -1.5)],
  ];
  for (const [name, body] of probes) {
    it(`${name}: a Korean message naming the field`, () => {
      const bad: string[] = [];
      for (const r of requestSchemas(t.app)) {
        for (const line of unnamed(messages(r.url, r.part, r.schema, body(r.schema)))) bad.push(`${r.url} ${r.part} ${line}`);
      }
      expect(bad).toEqual([]);
    });
  }

  it('a body that is not an object says the request is malformed', () => {
    const save = requestSchemas(t.app).find((r) => r.url === '/api/market/save')!;
    expect(messages(save.url, 'body', save.schema, [1, 2])).toEqual([`/ ${BAD_BODY}`]);
  });
});

describe('calls answered with an empty body', () => {
  it('every POST call names the first missing field (as an administrator, who may call all of them)', async () => {
    const skip = new Set(['/api/logout']);
    const general: string[] = [];
    for (const r of requestSchemas(t.app)) {
      if (r.part !== 'body' || skip.has(r.url) || r.url.includes(':')) continue;
      const res = await post(t, r.url, {}, admin);
      expect(res.statusCode, `${r.url} ${res.body}`).toBeLessThan(500);
      const message = res.statusCode === 400 ? (res.json() as { message: string }).message : '';
      if (message === GENERAL || (message && !HANGUL.test(message))) general.push(`${r.url}: ${message}`);
    }
    expect(general).toEqual([]);
  });
});

describe('the saves found answering the general text', () => {
  const says = async (url: string, body: unknown, cookie: string, message: string) => {
    const res = await post(t, url, body, cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  };

  it('a market item without photos', async () => {
    const s = await seller(t);
    const { files: _files, ...body } = await itemBody(t, s);
    await says('/api/market/save', body, s.cookie, '사진을 한 장 이상 올려 주세요.');
  });

  it('a gallery item without photos, and a museum without exhibits', async () => {
    const m = await member(t);
    await says('/api/gallery/save', { title: '바다', description: '' }, m.cookie, '사진을 한 장 이상 올려 주세요.');
    await says('/api/museum/save', {}, m.cookie, '전시할 사진은 필수 입력 항목입니다.');
  });

  it('a product without a maker', async () => {
    await says('/api/admin/product/save', { type: 'lens', brand: 'Voigtländer', name: 'Nokton 40mm' }, admin, '제조사를 골라 주세요.');
  });

  it('a board without categories', async () => {
    await says('/api/admin/board/save', { id: 'newboard', name: '새 게시판', readLevel: 0, writeLevel: 1, commentLevel: 1 }, admin, '분류를 하나 이상 넣어 주세요.');
  });

  it('the menu, the setup and a logo', async () => {
    await says('/api/admin/menu/save', {}, admin, '그룹을 하나 이상 만들어 주세요.');
    await says('/api/admin/menu/save', { groups: [{ label: '모임', items: [{ label: '공지', programId: 'notice', visible: 'yes' }] }] }, admin, '1번째 메뉴 그룹의 1번째 메뉴 항목의 보이기 여부는 true나 false로 보내 주세요.');
    const info = (await post(t, '/api/admin/setup/info', {}, admin)).json() as { settings: Record<string, unknown> };
    await says('/api/admin/setup/save', { settings: info.settings }, admin, '등급은 필수 입력 항목입니다.');
    const { points: _points, ...settings } = info.settings;
    await says('/api/admin/setup/save', { settings, levels: [] }, admin, '포인트는 필수 입력 항목입니다.');
    const m = await member(t);
    const fileKey = await uploadedFile(t, m.no);
    await says('/api/admin/logo/save', { kind: 'second', name: '봄', year: '', imageUrl: '', fileKey }, admin, '시작일은 필수 입력 항목입니다.');
    await says('/api/admin/logo/activate', { id: 1 }, admin, '사용 여부는 필수 입력 항목입니다.');
  });
});
