import { useEffect } from 'react';
import { ko } from '../i18n/ko';

/** "페이지 - 찰칵" in the browser tab. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} - ${ko.site.title}` : ko.site.title;
  }, [title]);
}
