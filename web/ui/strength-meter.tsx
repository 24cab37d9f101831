// Password strength bar under the sign-up password (SPEC §5 thresholds via common/password-strength).
import { passwordStrength, type Strength } from '../../../common/password-strength';
import { ko } from '../../i18n/ko';

const LABEL: Record<Exclude<Strength, 'none'>, string> = { weak: ko.join.weak, medium: ko.join.medium, strong: ko.join.strong };

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
        {ko.join.strengthLabel}: {strength === 'none' ? ko.join.strengthPrompt : LABEL[strength]}
      </span>
    </div>
  );
}
