// PrimeReact's built-in texts in Korean (confirm buttons, password meter, close labels).
import { addLocale, localeOptions } from 'primereact/api';
import { ko } from '../i18n/ko';

export function installKoreanLocale() {
  const en = localeOptions('en') as { aria?: Record<string, string> };
  const p = ko.prime;
  addLocale('ko', {
    accept: p.accept,
    reject: p.reject,
    choose: p.choose,
    upload: p.upload,
    cancel: p.cancel,
    emptyMessage: p.emptyMessage,
    emptyFilterMessage: p.emptyFilterMessage,
    weak: p.weak,
    medium: p.medium,
    strong: p.strong,
    passwordPrompt: p.passwordPrompt,
    dayNames: [...p.dayNames],
    dayNamesShort: [...p.dayNamesShort],
    dayNamesMin: [...p.dayNamesMin],
    monthNames: [...p.monthNames],
    monthNamesShort: [...p.monthNamesShort],
    today: p.today,
    clear: p.clear,
    firstDayOfWeek: 0,
    aria: {
      ...en.aria,
      close: p.close,
      firstPageLabel: p.firstPageLabel,
      prevPageLabel: p.prevPageLabel,
      nextPageLabel: p.nextPageLabel,
      lastPageLabel: p.lastPageLabel,
      pageLabel: p.pageLabel,
      rowsPerPageLabel: p.rowsPerPageLabel,
      jumpToPageDropdownLabel: p.jumpToPageDropdownLabel,
      jumpToPageInputLabel: p.jumpToPageInputLabel,
      selectRow: p.selectRow,
      unselectRow: p.unselectRow,
      selectAll: p.selectAll,
      unselectAll: p.unselectAll,
      expandRow: p.expandRow,
      collapseRow: p.collapseRow,
      moveUp: p.moveUp,
      moveDown: p.moveDown,
      moveTop: p.moveTop,
      moveBottom: p.moveBottom,
      zoomIn: p.zoomIn,
      zoomOut: p.zoomOut,
      rotateLeft: p.rotateLeft,
      rotateRight: p.rotateRight,
      zoomImage: p.zoomImage,
    },
  });
}
