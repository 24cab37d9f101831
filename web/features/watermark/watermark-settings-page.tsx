// watermarkSettings (/gallery/my/watermark, docs/product/gallery.md#watermark): the watermark on new
// gallery photos (on/off, text, one of nine places, opacity) with a preview, and whether served
// files keep Artist and Copyright; saved at once with 저장. Visitors are asked to log in.
import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { OPACITY_MAX, OPACITY_MIN, WATERMARK_POSITIONS, WatermarkSave, type WatermarkPosition, type WatermarkSettings } from '../../../common/api/watermark';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { useDocumentTitle } from '../../ui/document-title';
import { Field } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useSaveWatermark, useWatermark } from './api/settings';
import { koWatermark as w } from './texts';
import '../../ui/switch.css';
import './watermark.css';

/** A switch whose whole label is the target (44 px tall). */
function Switch({ checked, onChange, label }: { checked: boolean; onChange: (on: boolean) => void; label: string }) {
  return (
    <label className="club-switch wm-switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** Where the preview's text sits, as flex alignment of its box. */
const PLACE: Record<WatermarkPosition, CSSProperties> = {
  'top-left': { justifyContent: 'flex-start', alignItems: 'flex-start' },
  top: { justifyContent: 'center', alignItems: 'flex-start' },
  'top-right': { justifyContent: 'flex-end', alignItems: 'flex-start' },
  left: { justifyContent: 'flex-start', alignItems: 'center' },
  center: { justifyContent: 'center', alignItems: 'center' },
  right: { justifyContent: 'flex-end', alignItems: 'center' },
  'bottom-left': { justifyContent: 'flex-start', alignItems: 'flex-end' },
  bottom: { justifyContent: 'center', alignItems: 'flex-end' },
  'bottom-right': { justifyContent: 'flex-end', alignItems: 'flex-end' },
};

function SettingsForm({ initial }: { initial: WatermarkSettings }) {
  const save = useSaveWatermark();
  const id = `wm-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [enabled, setEnabled] = useState(initial.enabled);
  const [text, setText] = useState(initial.text);
  const [position, setPosition] = useState<WatermarkPosition>(initial.position);
  const [opacity, setOpacity] = useState(initial.opacity);
  const [keepCredit, setKeepCredit] = useState(initial.keepCredit);
  const fe = useFieldErrors({ text: `${id}-text`, position: `${id}-pos-${initial.position}`, opacity: `${id}-opacity` });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = fe.check(WatermarkSave, { enabled, text, position, opacity, keepCredit });
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        setText(saved.text);
        toast.success(w.saved);
      },
      onError: (err) => fe.failFromServer(err, (m) => (m.includes('문구') ? 'text' : m.includes('불투명도') ? 'opacity' : null)),
    });
  };

  const shown = text.trim() || initial.nickName;
  return (
    <form className="wm-form" onSubmit={submit} noValidate>
      <fieldset className="wm-group">
        <legend>{w.markTitle}</legend>
        <Switch checked={enabled} onChange={setEnabled} label={w.markSwitch} />
        <Field id={`${id}-text`} label={w.text} hint={w.textHint(initial.nickName)} error={fe.error('text')}>
          <input
            id={`${id}-text`}
            className="p-inputtext p-component"
            value={text}
            maxLength={80}
            placeholder={initial.nickName}
            onChange={(e) => {
              setText(e.target.value);
              fe.clear('text');
            }}
            {...fe.aria('text', `${id}-text-hint`)}
          />
        </Field>
        <fieldset className="wm-positions">
          <legend>{w.position}</legend>
          <div className="wm-grid">
            {WATERMARK_POSITIONS.map((p) => (
              <label key={p} className={p === position ? 'wm-cell is-on' : 'wm-cell'}>
                <input type="radio" id={`${id}-pos-${p}`} name={`${id}-position`} value={p} checked={p === position} onChange={() => setPosition(p)} />
                <span>{w.positions[p]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="wm-opacity">
          <label htmlFor={`${id}-opacity`}>{w.opacity}</label>
          <input
            id={`${id}-opacity`}
            type="range"
            min={OPACITY_MIN}
            max={OPACITY_MAX}
            step={10}
            value={opacity}
            aria-valuetext={w.opacityValue(opacity)}
            onChange={(e) => setOpacity(Number(e.target.value))}
          />
          <output htmlFor={`${id}-opacity`}>{w.opacityValue(opacity)}</output>
        </div>
        <div className="wm-preview" style={PLACE[position]} role="img" aria-label={`${w.preview}: ${shown}, ${w.positions[position]}, ${w.opacityValue(opacity)}`}>
          {/* Drawn by CSS from data-text: a picture of the text, named by the box's label. */}
          <span className="wm-preview-text" data-text={shown} style={{ opacity: enabled ? opacity / 100 : 0.15 }} aria-hidden="true" />
        </div>
      </fieldset>

      <fieldset className="wm-group">
        <legend>{w.creditTitle}</legend>
        <Switch checked={keepCredit} onChange={setKeepCredit} label={w.creditSwitch} />
        <p className="wm-hint">{w.creditHint}</p>
      </fieldset>

      <div className="wm-actions">
        <LiteButton type="submit" icon="pi pi-check" label={w.save} loading={save.isPending} />
      </div>
    </form>
  );
}

export default function WatermarkSettingsPage() {
  useDocumentTitle(w.title);
  const user = useSessionUser();
  const settings = useWatermark(user.logined);

  let body;
  if (!user.logined) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {w.loginPrompt}{' '}
        <LiteButton label={w.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
      </p>
    );
  } else if (settings.isPending) {
    body = (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {w.loading}
      </p>
    );
  } else if (settings.isError || !settings.data) {
    body = (
      <p className="list-state" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {settings.error?.message || w.loadFailed}{' '}
        <LiteButton label={w.retry} icon="pi pi-refresh" small outlined onClick={() => void settings.refetch()} />
      </p>
    );
  } else {
    body = <SettingsForm initial={settings.data} />;
  }

  return (
    <section className="wm-page">
      <h1>{w.title}</h1>
      <p className="lead">{w.intro}</p>
      {body}
    </section>
  );
}
