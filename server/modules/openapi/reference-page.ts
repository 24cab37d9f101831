// The reference page for operators and integrators: plain HTML made on the server from the
// OpenAPI document (no script, nothing from another site, so the site's CSP stays as it is).
// Every call with its payload and its answer, fields as nested lists with their rules.

type Schema = { [key: string]: unknown };

interface Operation {
  tags?: string[];
  description?: string;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema; description?: string }>;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; [key: string]: unknown };
  [key: string]: unknown;
}

const escape = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TYPE_NAMES: Record<string, string> = {
  string: '문자열',
  integer: '정수',
  number: '숫자',
  boolean: '참/거짓',
  object: '객체',
  array: '목록',
  null: 'null',
};

const json = (v: unknown) => `<code>${escape(JSON.stringify(v))}</code>`;

/** The rules on one value, as short Korean phrases. */
function rules(s: Schema): string[] {
  const out: string[] = [];
  // JavaScript's safe-integer bounds, which zod writes on every integer, say nothing to a reader.
  const bound = (v: unknown) => (typeof v === 'number' && Math.abs(v) >= Number.MAX_SAFE_INTEGER ? undefined : v);
  const range = (lo: unknown, hi: unknown, what: string) => {
    const [min, max] = [bound(lo), bound(hi)];
    if (min !== undefined && max !== undefined) out.push(`${what} ${escape(min)}–${escape(max)}`);
    else if (min !== undefined) out.push(`${what} ${escape(min)} 이상`);
    else if (max !== undefined) out.push(`${what} ${escape(max)} 이하`);
  };
  range(s.minLength, s.maxLength, '길이');
  range(s.minimum ?? s.exclusiveMinimum, s.maximum ?? s.exclusiveMaximum, '값');
  range(s.minItems, s.maxItems, '항목 수');
  if (typeof s.format === 'string') out.push(`형식 ${escape(s.format)}`);
  if (typeof s.pattern === 'string') out.push(`모양 <code>${escape(s.pattern)}</code>`);
  if (Array.isArray(s.enum)) out.push(`값: ${s.enum.map(json).join(', ')}`);
  if ('const' in s) out.push(`값: ${json(s.const)}`);
  if ('default' in s) out.push(`기본값 ${json(s.default)}`);
  return out;
}

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as Schema).type === 'null';

/** One schema as HTML: its kind and rules, then its fields or items nested below. */
function render(schema: Schema | undefined, doc: OpenApiDocument, depth = 0): string {
  if (!schema || typeof schema !== 'object' || Object.keys(schema).length === 0) return '<span class="kind">아무 값</span>';
  if (depth > 12) return '<span class="kind">…</span>';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    return target ? render(target, doc, depth + 1) : `<code>${escape(schema.$ref)}</code>`;
  }
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(choices)) {
    const others = choices.filter((c) => !isNull(c));
    const nullable = others.length < choices.length ? ' <span class="rule">(null 가능)</span>' : '';
    if (others.length === 1) return render(others[0], doc, depth + 1) + nullable;
    return `<span class="kind">다음 중 하나</span>${nullable}<ol>${others.map((c) => `<li>${render(c, doc, depth + 1)}</li>`).join('')}</ol>`;
  }
  if (Array.isArray(schema.allOf)) {
    // Several checks on one value (zod writes each extra pattern as an allOf part): the value once,
    // then every part's rules.
    const { allOf, ...own } = schema;
    const extra = (allOf as Schema[]).flatMap((part) => (part.type === undefined && !part.properties ? rules(part) : []));
    const nested = (allOf as Schema[]).filter((part) => part.type !== undefined || part.properties).map((part) => render(part, doc, depth + 1));
    return [render(own, doc, depth + 1), ...extra.map((r) => `<span class="rule">${r}</span>`), ...nested].join(' ');
  }

  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  const nullable = types.includes('null') && types.length > 1;
  const kind = types.filter((t) => t !== 'null').map((t) => TYPE_NAMES[t] ?? t).join(' 또는 ') || (schema.enum !== undefined || 'const' in schema ? '값' : '아무 값');
  const head = [
    `<span class="kind">${escape(kind)}</span>`,
    nullable ? '<span class="rule">(null 가능)</span>' : '',
    ...rules(schema).map((r) => `<span class="rule">${r}</span>`),
    typeof schema.description === 'string' ? `<span class="desc">${escape(schema.description)}</span>` : '',
  ].filter(Boolean);

  let body = '';
  if (schema.properties && typeof schema.properties === 'object') {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const fields = Object.entries(schema.properties as Record<string, Schema>);
    body = fields.length
      ? `<ul class="fields">${fields
          .map(([name, s]) => `<li><code class="field">${escape(name)}</code> <span class="${required.has(name) ? 'req' : 'opt'}">${required.has(name) ? '필수' : '선택'}</span> ${render(s, doc, depth + 1)}</li>`)
          .join('')}</ul>`
      : ' <span class="rule">(필드 없음)</span>';
  } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    body = `<ul class="fields"><li><span class="rule">각 키의 값:</span> ${render(schema.additionalProperties as Schema, doc, depth + 1)}</li></ul>`;
  }
  if (schema.items && typeof schema.items === 'object') {
    body += `<ul class="fields"><li><span class="rule">각 항목:</span> ${render(schema.items as Schema, doc, depth + 1)}</li></ul>`;
  }
  return head.join(' ') + body;
}

const anchor = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

function operationHtml(method: string, path: string, op: Operation, doc: OpenApiDocument): string {
  const parts: string[] = op.description ? [`<p>${escape(op.description)}</p>`] : [];
  const content = op.requestBody?.content ?? {};
  for (const [media, { schema }] of Object.entries(content)) {
    parts.push(`<h4>보내는 내용 <span class="media">${escape(media)}</span></h4><div class="schema">${render(schema, doc)}</div>`);
  }
  if (!Object.keys(content).length && method === 'post') parts.push('<h4>보내는 내용</h4><p class="rule">없음</p>');
  const params = op.parameters ?? [];
  if (params.length) {
    parts.push(
      `<h4>주소 매개변수</h4><ul class="fields">${params
        .map((p) => `<li><code class="field">${escape(p.name)}</code> <span class="rule">(${escape(p.in)})</span> ${render(p.schema, doc)}</li>`)
        .join('')}</ul>`,
    );
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (status === 'default') continue;
    const media = Object.entries(response.content ?? {});
    const schemaHtml = media.length ? media.map(([, m]) => `<div class="schema">${render(m.schema, doc)}</div>`).join('') : '<p class="rule">본문 형식 없음</p>';
    parts.push(`<h4>답 ${escape(status)}</h4>${schemaHtml}`);
  }
  const id = anchor(method, path);
  return `<section class="op" id="${id}"><h3><a href="#${id}"><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></a></h3>${parts.join('')}</section>`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d1f23;--muted:#5b616b;--line:#d9dce1;--code:#f3f4f6;--accent:#1f5fbf}
@media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e8eaed;--muted:#a9afb8;--line:#343840;--code:#23262c;--accent:#8ab4f8}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.6 system-ui,-apple-system,"Apple SD Gothic Neo","Malgun Gothic",sans-serif}
main{max-width:960px;margin:0 auto;padding:16px}a{color:var(--accent)}code{background:var(--code);padding:0 4px;border-radius:4px;overflow-wrap:anywhere}
nav ul{columns:2 220px;padding-left:18px}h2{border-bottom:2px solid var(--line);padding-bottom:4px;margin-top:40px}
.op{border:1px solid var(--line);border-radius:8px;padding:8px 16px;margin:16px 0}.op h3{margin:4px 0;font-size:1.05em}.op h3 a{color:inherit;text-decoration:none}
.method{font-weight:700;color:var(--accent)}h4{margin:12px 0 4px;font-size:.95em}.media,.rule,.opt{color:var(--muted);font-size:.9em}
.req{color:#b3261e;font-size:.9em;font-weight:600}@media (prefers-color-scheme:dark){.req{color:#f2b8b5}}
.kind{font-weight:600}.desc{color:var(--muted)}.fields{margin:2px 0;padding-left:20px;border-left:1px dotted var(--line)}.fields li{margin:2px 0}
`;

/** Members' calls first, the admin area's last. */
const byArea = (path: string) => (path.startsWith('/api/admin/') ? 1 : 0);

/** The whole page. */
export function referencePage(doc: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => byArea(a) - byArea(b) || a.localeCompare(b))) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? '기타';
      if (!groups.has(tag)) {
        groups.set(tag, []);
        toc.set(tag, []);
      }
      groups.get(tag)!.push(operationHtml(method, path, op, doc));
      toc.get(tag)!.push(`<li><a href="#${anchor(method, path)}">${escape(method.toUpperCase())} ${escape(path)}</a></li>`);
    }
  }
  const tags = [...groups.keys()];
  const count = [...groups.values()].reduce((n, g) => n + g.length, 0);
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} 참고 문서</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main>
<h1>${escape(doc.info.title)} <small class="rule">버전 ${escape(doc.info.version)}</small></h1>
<p>${escape(doc.info.description ?? '')}</p>
<p>호출 ${count}개. 기계가 읽는 문서: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).
오류는 모든 호출에서 4xx/5xx 상태와 <code>{"message": "…"}</code>입니다.</p>
<nav aria-label="목차"><h2>목차</h2>${tags.map((t) => `<h3>${escape(t)}</h3><ul>${toc.get(t)!.join('')}</ul>`).join('')}</nav>
${tags.map((t) => `<h2>${escape(t)}</h2>${groups.get(t)!.join('')}`).join('\n')}
</main></body></html>`;
}
