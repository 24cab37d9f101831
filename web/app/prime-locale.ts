// PrimeReact's built-in texts in Korean (confirm buttons, password meter and toggle, close labels).
import { addLocale, locale } from 'primereact/api';
import { koPrime } from '../i18n/ko-prime';

export function installKoreanLocale() {
  addLocale('ko', koPrime);
  locale('ko');
}
