// "새 버전이 있습니다" with 새로 고침: shown while a new version of the app waits. A bar at the
// bottom of the screen (toasts use the top on phones), reachable by Tab, never taking focus.
import { useState, useSyncExternalStore } from 'react';
import { koPwa } from '../i18n/ko-pwa';
import { LiteButton } from '../ui/lite-button';
import { updateStore } from './update-store';
import './update-prompt.css';

const t = koPwa.update;

export default function UpdatePrompt() {
  const apply = useSyncExternalStore(updateStore.subscribe, updateStore.get);
  const [later, setLater] = useState(false);
  if (!apply || later) return null;
  return (
    <section className="update-bar" aria-label={t.region}>
      <p className="update-bar-text" role="status">
        <strong>{t.message}</strong>
        <span>{t.detail}</span>
      </p>
      <LiteButton label={t.reload} icon="pi pi-refresh" className="update-bar-reload" onClick={apply} />
      <button type="button" className="update-bar-later p-button p-component p-button-text p-button-icon-only" aria-label={t.later} title={t.later} onClick={() => setLater(true)}>
        <span className="p-button-icon pi pi-times" aria-hidden="true" />
      </button>
    </section>
  );
}
