// The 큰 글씨 switch in the phone's drawer: one button, its words and its track a single target.
// (PrimeReact's InputSwitch nests a switch inside a checkbox, which screen readers read twice.)
import { ko } from '../i18n/ko';
import { setLargeText, useLargeText } from './text-size';

export function LargeTextSwitch() {
  const on = useLargeText();
  return (
    <button type="button" role="switch" aria-checked={on} className="large-text-switch" onClick={() => setLargeText(!on)}>
      {ko.theme.largeText}
      <span className="large-text-track" aria-hidden="true" />
    </button>
  );
}
