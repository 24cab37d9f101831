// dnd-kit's useSortable with the handle's role description in Korean: its default
// aria-roledescription is the English "sortable", which screen readers read out.
import { type UniqueIdentifier } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { ko } from '../i18n/ko';

export function useSortableItem(id: UniqueIdentifier) {
  return useSortable({ id, attributes: { roleDescription: ko.common.sortable } });
}
