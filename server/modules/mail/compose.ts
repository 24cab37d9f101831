// The site's mails (docs/product/members.md#mail): Korean, a text and an HTML part, the site's
// name from setup. Nothing a member wrote goes into them as markup: every value is escaped, and
// subjects and names only ever appear as text.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe for opt-in mails). */
  headers?: Record<string, string>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML, inside elements and inside quoted attributes. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Line breaks and control characters out of a subject line or a one-line value. */
const oneLine = (s: string, max = 120) => {
  const flat = s.replace(/\p{Cc}+/gu, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
};

export interface Button {
  label: string;
  url: string;
}
export interface ListItem {
  text: string;
  url: string;
}

interface Body {
  siteName: string;
  heading: string;
  paragraphs: string[];
  button?: Button;
  items?: ListItem[];
  /** Small print under the body (why the mail came, how to stop it). */
  footer: string[];
  /** Links under the footer (settings, unsubscribe). */
  footerLinks?: Button[];
}

function render(subject: string, b: Body, headers?: Record<string, string>): MailContent {
  const text = [
    b.heading,
    '',
    ...b.paragraphs.flatMap((p) => [p, '']),
    ...(b.button ? [`${b.button.label}: ${b.button.url}`, ''] : []),
    ...(b.items?.length ? [...b.items.map((i) => `- ${i.text}\n  ${i.url}`), ''] : []),
    '--',
    b.siteName,
    ...b.footer,
    ...(b.footerLinks ?? []).map((l) => `${l.label}: ${l.url}`),
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(s)}</p>`;
  const a = (l: Button, style = 'color:#1d4ed8') => `<a href="${escapeHtml(l.url)}" style="${style}">${escapeHtml(l.label)}</a>`;
  const html = [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,\'Apple SD Gothic Neo\',\'Malgun Gothic\',sans-serif;color:#18181b">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px">',
    `<div style="font-size:14px;color:#52525b;margin-bottom:12px">${escapeHtml(b.siteName)}</div>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(b.heading)}</h1>`,
    ...b.paragraphs.map(p),
    b.button
      ? `<p style="margin:24px 0">${a(b.button, 'display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold')}</p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(b.button.url)}</p>`
      : '',
    b.items?.length
      ? `<ul style="padding-left:20px;margin:0 0 16px">${b.items.map((i) => `<li style="margin-bottom:8px">${a({ label: i.text, url: i.url })}</li>`).join('')}</ul>`
      : '',
    '</div>',
    `<div style="font-size:12px;color:#71717a;margin-top:16px;line-height:1.6">${b.footer.map(escapeHtml).join('<br>')}`,
    b.footerLinks?.length ? `<br>${b.footerLinks.map((l) => a(l, 'color:#71717a')).join(' · ')}` : '',
    '</div></div></body></html>',
  ].join('');
  return { subject, text, html, ...(headers ? { headers } : {}) };
}

export function verifyMail(siteName: string, nickName: string, url: string): MailContent {
  const subject = `[${oneLine(siteName, 40)}] 이메일 주소를 인증해 주세요`;
  return render(subject, {
    siteName,
    heading: '이메일 주소 인증',
    paragraphs: [
      `${oneLine(nickName, 40)}님, 아래 버튼을 눌러 이 주소가 맞는지 확인해 주세요.`,
      '링크는 24시간 동안 한 번만 쓸 수 있습니다. 인증한 주소로는 암호 찾기 메일을 받을 수 있습니다.',
    ],
    button: { label: '이메일 주소 인증하기', url },
    footer: ['이 메일은 회원 가입이나 이메일 주소 변경으로 보내졌습니다. 요청한 적이 없다면 이 메일을 무시해 주세요.'],
  });
}

export function resetMail(siteName: string, userId: string, url: string): MailContent {
  const subject = `[${oneLine(siteName, 40)}] 암호 다시 설정 안내`;
  return render(subject, {
    siteName,
    heading: '암호 다시 설정',
    paragraphs: [
      `아이디 ${oneLine(userId, 20)}의 암호를 다시 설정하려면 아래 버튼을 눌러 주세요.`,
      '링크는 1시간 동안 한 번만 쓸 수 있습니다. 새 암호를 정하면 모든 기기에서 로그아웃됩니다.',
    ],
    button: { label: '새 암호 정하기', url },
    footer: ['암호 찾기를 요청한 적이 없다면 이 메일을 무시해 주세요. 암호는 바뀌지 않습니다.'],
  });
}

export interface OptInLinks {
  unsubscribeUrl: string;
  settingsUrl: string;
}

const optInHeaders = (l: OptInLinks) => ({
  'List-Unsubscribe': `<${l.unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const optInFooter = (what: string, l: OptInLinks) => ({
  footer: [`${what} 받기를 켜 두셔서 보내 드린 메일입니다.`],
  footerLinks: [
    { label: '이 메일 그만 받기', url: l.unsubscribeUrl },
    { label: '알림 설정', url: l.settingsUrl },
  ],
});

export function notificationMail(siteName: string, title: string, body: string, url: string, links: OptInLinks): MailContent {
  const subject = `[${oneLine(siteName, 40)}] ${oneLine(title, 80)}`;
  return render(
    subject,
    {
      siteName,
      heading: oneLine(title, 100),
      paragraphs: body ? [body.slice(0, 300)] : [],
      button: { label: '사이트에서 보기', url },
      ...optInFooter('이 알림을 메일로', links),
    },
    optInHeaders(links),
  );
}

export interface DigestInput {
  siteName: string;
  nickName: string;
  alarms: { text: string; url: string }[];
  alarmCount: number;
  letters: { text: string; url: string }[];
  letterCount: number;
  siteUrl: string;
}

export function digestMail(d: DigestInput, links: OptInLinks): MailContent {
  const parts = [d.alarmCount ? `알림 ${d.alarmCount}개` : '', d.letterCount ? `쪽지 ${d.letterCount}통` : ''].filter(Boolean).join(', ');
  const subject = `[${oneLine(d.siteName, 40)}] 읽지 않은 ${parts}`;
  const items = [
    ...d.letters.map((l) => ({ text: `쪽지: ${oneLine(l.text, 80)}`, url: l.url })),
    ...d.alarms.map((a) => ({ text: oneLine(a.text, 100), url: a.url })),
  ];
  const more = d.alarmCount + d.letterCount - items.length;
  return render(
    subject,
    {
      siteName: d.siteName,
      heading: `${oneLine(d.nickName, 40)}님, 읽지 않은 ${parts}이 있습니다`,
      paragraphs: more > 0 ? [`이 밖에 ${more}개가 더 있습니다.`] : [],
      items,
      button: { label: '사이트 열기', url: d.siteUrl },
      ...optInFooter('하루 한 번 요약 메일', links),
    },
    optInHeaders(links),
  );
}
