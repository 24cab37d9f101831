// Password strength bar under a new password (sign-up, my info, password reset), with
// the thresholds of docs/product/site.md#forms-and-checks via common/password-strength.
import { passwordStrength, type Strength } from '../../common/password-strength';
import { ko } from '../i18n/ko';

const LABEL: Record<Exclude<Strength, 'none'>, string> = { weak: ko.strength.weak, medium: ko.strength.medium, strong: ko.strength.strong };

export function StrengthMeter({ value, id }: { value: string; id: string }) {
  const strength = passwordStrength(value);
  return (
    <div className={`strength strength-${strength}`} id={id} aria-live="polite">
      <div className="strength-bar" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <span className="strength-label">
        {ko.strength.label}: {strength === 'none' ? ko.strength.prompt : LABEL[strength]}
      </span>
    </div>
  );
}
