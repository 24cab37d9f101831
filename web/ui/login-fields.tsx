// The two fields of every login form (the inline box and the popup): user id and password, with
// the names and autocomplete a password manager fills in (and passkey autofill, for the id).
// Plain inputs styled as PrimeReact's.
import { ko } from '../i18n/ko';

export function LoginFields({
  idPrefix,
  userId,
  password,
  onUserId,
  onPassword,
  autoFocus,
}: {
  /** The fields' ids are `${idPrefix}-user` and `${idPrefix}-pw`. */
  idPrefix: string;
  userId: string;
  password: string;
  onUserId: (value: string) => void;
  onPassword: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-user`}>{ko.login.userId}</label>
        <input
          className="p-inputtext p-component"
          id={`${idPrefix}-user`}
          name="userId"
          // "webauthn": the browser also lists this device's passkeys here (passkey autofill).
          autoComplete="username webauthn"
          autoFocus={autoFocus}
          value={userId}
          onChange={(e) => onUserId(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-pw`}>{ko.login.password}</label>
        <input
          className="p-inputtext p-component"
          id={`${idPrefix}-pw`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </div>
    </>
  );
}
