// userSpaceMuseum (/space/{userId}/museum/{page?}): the member's exhibits as a catalogue inside
// the space's frame; the museum's pieces live in ./museum.
import { useParams } from 'react-router';
import { MuseumCatalogue } from './museum/museum-catalogue';
import { pageParam } from '../../shared/paths';
import { SpaceFrame } from './space-frame';
import { koSpace } from './texts';

export default function UserSpaceMuseumPage() {
  const page = pageParam(useParams().page);
  return (
    <SpaceFrame tab="museum" title={page > 1 ? `${koSpace.tab.museum} ${page}` : koSpace.tab.museum}>
      {(info) => <MuseumCatalogue userId={info.userId} mine={info.mine} page={page} />}
    </SpaceFrame>
  );
}
