// Loaded on the first login attempt only, so the zod schemas stay out of the first page load.
import { LoginForm } from '../../common/api/session';
import { firstIssue } from '../../common/validation';

export type LoginCheck = { ok: true; form: LoginForm } | { ok: false; message: string };

export function checkLogin(input: { userId: string; password: string; remember: 'Y' | 'N' }): LoginCheck {
  const parsed = LoginForm.safeParse(input);
  return parsed.success ? { ok: true, form: parsed.data } : { ok: false, message: firstIssue(parsed.error) };
}
