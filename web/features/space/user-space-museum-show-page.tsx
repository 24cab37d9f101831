// userSpaceMuseumShow (/space/{userId}/museum/show/{galleryKey?}): the museum's full-screen
// slideshow, starting at galleryKey when given (the `~` content token links here).
import { useParams } from 'react-router';
import { MuseumSlideshow } from './museum/museum-slideshow';

export default function UserSpaceMuseumShowPage() {
  const { userId = '', galleryKey } = useParams();
  const key = Number(galleryKey);
  return <MuseumSlideshow userId={userId} galleryKey={Number.isInteger(key) && key > 0 ? key : null} />;
}
