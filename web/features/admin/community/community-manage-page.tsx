// communityManage (/system/setup/info): the community setup in sections — site, footer links,
// sign-up and real-name rules, points, levels, emoticons — checked with the shared contract before
// sending; the first failure (ours or the server's) is marked at its field.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent } from 'react';
import { AdminSetupSave, REAL_NAME_FEATURES, type AdminSetupInfo, type RealNameFeature } from '../../../../common/api/admin-setup';
import { firstIssue } from '../../../../common/validation';
import { ko } from '../../../i18n/ko';
import { koAdmin } from '../texts';
import { koAdminSetup } from './texts';
import { confirm } from '../../../ui/confirm';
import { Field } from '../../../ui/field';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { AdminFrame } from '../shared/admin-frame';
import { useSetupInfo, useSetupSave } from './api/setup';
import { LevelRows, LinkRows, uid, type LevelDraft, type LinkDraft } from './community-rows';
import { SpamSettingsSection } from './spam-settings-form';
import './community.css';

const t = koAdminSetup;
const POINT_KEYS = ['post', 'comment', 'recommended', 'dailyLogin'] as const;
type PointKey = (typeof POINT_KEYS)[number];

export default function CommunityManagePage() {
  return (
    <AdminFrame page="communityManage">
      <CommunityManage />
    </AdminFrame>
  );
}

function CommunityManage() {
  const info = useSetupInfo();
  if (!info.data) {
    return (
      <p className="page-loading" role="status">
        {info.isError ? ko.error.generic : ko.common.loading}
      </p>
    );
  }
  // A fresh form after each save, on what the server kept; the spam rules have their own.
  return (
    <>
      <SetupForm key={JSON.stringify(info.data)} info={info.data} />
      <SpamSettingsSection />
    </>
  );
}

const numberText = (n: number) => String(n);
/** "1,000" or " 10 " → 1000 / 10; blank → null (the contract says what is wrong). */
const toNumber = (s: string) => (s.trim() === '' ? null : Number(s.replace(/,/g, '').trim()));

/** Words of a server message → the field it is about (first hit wins). */
const SERVER_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/등급/, 'levels'],
  [/링크/, 'footerLinks'],
  [/사이트 이름/, 'siteName'],
  [/한 줄/, 'tagline'],
  [/이모티콘/, 'emoticons'],
  [/실명/, 'realNameRequired'],
];

function SetupForm({ info }: { info: AdminSetupInfo }) {
  const base = useId();
  const s = info.settings;
  const [siteName, setSiteName] = useState(s.siteName);
  const [tagline, setTagline] = useState(s.tagline);
  const [joinOpen, setJoinOpen] = useState(s.joinOpen);
  const [realName, setRealName] = useState<RealNameFeature[]>(s.realNameRequired);
  const [points, setPoints] = useState<Record<PointKey, string>>({
    post: numberText(s.points.post),
    comment: numberText(s.points.comment),
    recommended: numberText(s.points.recommended),
    dailyLogin: numberText(s.points.dailyLogin),
  });
  const [emoticons, setEmoticons] = useState(s.emoticons);
  const [links, setLinks] = useState<LinkDraft[]>(() => s.footerLinks.map((l) => ({ uid: uid(), ...l })));
  const [levels, setLevels] = useState<LevelDraft[]>(() =>
    info.levels.map((l) => ({ uid: uid(), id: l.id, name: l.name, minPoints: numberText(l.minPoints), canMarket: l.canMarket, members: l.members })),
  );
  const save = useSetupSave();

  // Ids of every input, rows included: a failure anywhere can be marked and focused.
  const ids: Record<string, string> = {};
  const idOf = (key: string) => `${base}-${key.replace(/\./g, '-')}`;
  const add = (key: string) => (ids[key] = idOf(key));
  for (const k of ['siteName', 'tagline', 'joinOpen', 'realNameRequired', 'emoticons', 'footerLinks', 'levels']) add(k);
  for (const k of POINT_KEYS) add(`points.${k}`);
  links.forEach((_, i) => ['label', 'url', 'up', 'down', 'remove'].forEach((p) => add(`footerLinks.${i}.${p}`)));
  levels.forEach((_, i) => ['name', 'minPoints', 'canMarket', 'remove'].forEach((p) => add(`levels.${i}.${p}`)));
  const fe = useFieldErrors(ids);
  const rowFields = { id: idOf, aria: (k: string) => fe.aria(k), error: (k: string) => fe.error(k), clear: (k: string) => fe.clear(k) };

  /** The most specific known field of an issue path: settings.points.post → points.post. */
  const fieldOf = (path: ReadonlyArray<PropertyKey>): string | null => {
    const parts = (path[0] === 'settings' ? path.slice(1) : path).map(String);
    for (let n = parts.length; n > 0; n--) {
      const key = parts.slice(0, n).join('.');
      if (ids[key]) return key;
    }
    return null;
  };

  const send = (values: AdminSetupSave) =>
    save.mutate(values, {
      onError: (error) => fe.failFromServer(error, (message) => SERVER_WORDS.find(([re]) => re.test(message))?.[1] ?? null),
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      settings: {
        siteName,
        tagline,
        footerLinks: links.map(({ label, url }) => ({ label, url })),
        joinOpen,
        realNameRequired: realName,
        points: Object.fromEntries(POINT_KEYS.map((k) => [k, toNumber(points[k])])),
        emoticons,
      },
      levels: levels.map((l) => ({ ...(l.id !== undefined && { id: l.id }), name: l.name, minPoints: toNumber(l.minPoints), canMarket: l.canMarket })),
    };
    const parsed = AdminSetupSave.safeParse(values);
    if (!parsed.success) return fe.fail(fieldOf(parsed.error.issues[0]?.path ?? []), firstIssue(parsed.error));
    // Members of a removed level move to the level their points reach: said before it happens.
    const kept = new Set(levels.map((l) => l.id));
    const gone = info.levels.filter((l) => !kept.has(l.id) && l.members > 0);
    if (gone.length === 0) return send(parsed.data);
    confirm({
      message: t.removeConfirm(gone.map((l) => l.name).join(', '), gone.reduce((n, l) => n + l.members, 0).toLocaleString('en-US')),
      defaultFocus: 'reject',
      accept: () => send(parsed.data),
    });
  };

  const toggleFeature = (f: RealNameFeature, on: boolean) => {
    setRealName((list) => (on ? [...list.filter((x) => x !== f), f] : list.filter((x) => x !== f)));
    fe.clear('realNameRequired');
  };

  return (
    <form className="setup-form" onSubmit={submit} noValidate aria-label={t.formLabel}>
      <fieldset className="form-section">
        <legend>{t.siteSection}</legend>
        <div className="form-grid">
          <Field id={ids.siteName!} label={t.siteName} error={fe.error('siteName')}>
            <InputText id={ids.siteName} value={siteName} onChange={(e) => (setSiteName(e.target.value), fe.clear('siteName'))} {...fe.aria('siteName')} />
          </Field>
          <Field id={ids.tagline!} label={t.tagline} hint={t.taglineHint} error={fe.error('tagline')}>
            <InputText id={ids.tagline} value={tagline} onChange={(e) => (setTagline(e.target.value), fe.clear('tagline'))} {...fe.aria('tagline', `${ids.tagline}-hint`)} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.linksSection}</legend>
        <p className="field-hint">{t.linksHint}</p>
        <LinkRows rows={links} onChange={setLinks} f={rowFields} />
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.joinSection}</legend>
        <div className="field-check admin-check">
          <Checkbox inputId={ids.joinOpen} checked={joinOpen} onChange={(e) => setJoinOpen(e.checked === true)} aria-describedby={`${ids.joinOpen}-hint`} />
          <label htmlFor={ids.joinOpen}>{t.joinOpen}</label>
        </div>
        <p id={`${ids.joinOpen}-hint`} className="field-hint">
          {t.joinOpenHint}
        </p>
        <div className="setup-features" role="group" aria-labelledby={`${ids.realNameRequired}-title`} id={ids.realNameRequired} tabIndex={-1}>
          <p id={`${ids.realNameRequired}-title`} className="setup-group-title">
            {t.realName}
          </p>
          {REAL_NAME_FEATURES.map((f) => (
            <span key={f} className="field-check">
              <Checkbox inputId={`${ids.realNameRequired}-${f}`} checked={realName.includes(f)} onChange={(e) => toggleFeature(f, e.checked === true)} />
              <label htmlFor={`${ids.realNameRequired}-${f}`}>{t.features[f]}</label>
            </span>
          ))}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.pointsSection}</legend>
        <div className="form-grid form-grid-numbers">
          {POINT_KEYS.map((k) => {
            const key = `points.${k}`;
            return (
              <Field key={k} id={ids[key]!} label={t.points[k]} error={fe.error(key)}>
                <InputText
                  id={ids[key]}
                  value={points[k]}
                  inputMode="numeric"
                  onChange={(e) => (setPoints((p) => ({ ...p, [k]: e.target.value })), fe.clear(key))}
                  {...fe.aria(key)}
                />
              </Field>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.levelsSection}</legend>
        <p className="field-hint">{t.levelsHint}</p>
        <LevelRows rows={levels} onChange={setLevels} f={rowFields} />
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.emoticonsSection}</legend>
        <Field id={ids.emoticons!} label={t.emoticons} hint={t.emoticonsHint} error={fe.error('emoticons')}>
          <InputTextarea id={ids.emoticons} value={emoticons} rows={3} autoResize onChange={(e) => (setEmoticons(e.target.value), fe.clear('emoticons'))} {...fe.aria('emoticons', `${ids.emoticons}-hint`)} />
        </Field>
      </fieldset>

      <div className="setup-submit">
        <Button type="submit" label={koAdmin.save} icon="pi pi-check" loading={save.isPending} />
      </div>
    </form>
  );
}
