// userSpaceMuseum (/space/{userId}/museum/{page?}): the member's exhibits as a catalogue inside
// the space's frame; the museum's pieces live in web/features/museum.
import { useParams } from 'react-router';
import { koSpace } from '../../i18n/ko-gallery';
import { MuseumCatalogue } from '../museum/museum-catalogue';
import { pageParam } from '../museum/paths';
import { SpaceFrame } from './space-frame';

export default function UserSpaceMuseumPage() {
  const page = pageParam(useParams().page);
  return (
    <SpaceFrame tab="museum" title={page > 1 ? `${koSpace.tab.museum} ${page}` : koSpace.tab.museum}>
      {(info) => <MuseumCatalogue userId={info.userId} mine={info.mine} page={page} />}
    </SpaceFrame>
  );
}
