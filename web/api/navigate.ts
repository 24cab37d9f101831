// The call helper lives outside React; the app registers the router's navigate function here.
import { ko } from '../i18n/ko';

type Navigate = (path: string) => void;
let current: Navigate | null = null;

export function registerNavigate(fn: Navigate | null) {
  current = fn;
}

export function navigateTo(path: string): boolean {
  if (!current) {
    console.warn(ko.error.routerMissing, path);
    return false;
  }
  current(path);
  return true;
}
