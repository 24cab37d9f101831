// userSpaceMuseum (/space/{userId}/museum/{page?}): the member's exhibits as a catalogue; the
// museum's pieces live in web/features/museum.
import { useParams } from 'react-router';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { MuseumCatalogue } from '../museum/museum-catalogue';
import { pageParam } from '../museum/paths';

export default function UserSpaceMuseumPage() {
  const { userId = '', page } = useParams();
  useDocumentTitle(ko.pages.userSpaceMuseum);
  return <MuseumCatalogue userId={userId} page={pageParam(page)} />;
}
