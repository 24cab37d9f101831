// A member without a password who leaves through Kakao or Naver's re-check comes back to the page
// with my-info opening by itself; this note (in this tab, for ten minutes) says to go on to the
// withdrawal's last step rather than stop at my-info.
const KEY = 'chalkak.withdrawal-recheck';
const FRESH_MS = 10 * 60_000;

export function rememberWithdrawalRecheck() {
  try {
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode): the member opens withdrawal again by hand.
  }
}

export function forgetWithdrawalRecheck() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** True once after the return from a withdrawal's re-check; the note is gone after. */
export function takeWithdrawalRecheck(): boolean {
  try {
    const at = Number(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return at > 0 && Date.now() - at < FRESH_MS;
  } catch {
    return false;
  }
}
