import { describe, expect, it } from 'vitest';
import type { PostFile } from '../../../common/api/boards';
import { photoExifRows } from './photo-exif';

const file = (over: Partial<PostFile>): PostFile => ({ fileKey: 'k', name: 'a.jpg', size: 1, image: true, url: '/u', thumbUrl: '/t', ...over });
const exif = { camera: 'NIKON Z 6_2', lens: 'NIKKOR Z 24-70mm f/2.8 S', focalLength: '35mm', aperture: 'f/2.8', shutter: '1/200s', iso: 1600, takenAt: null };

describe('photoExifRows', () => {
  it('names a matched body and lens by their product, with the exposure in one line', () => {
    const [row] = photoExifRows([
      file({ exif, cameraProduct: { key: 'nikon-z-6ii', name: 'Nikon Z 6II' }, lensProduct: { key: 'nikon-z-2470', name: 'Nikon NIKKOR Z 24-70mm f/2.8 S' } }),
    ]);
    expect(row).toEqual({
      fileKey: 'k',
      name: 'a.jpg',
      thumbUrl: '/t',
      camera: { text: 'Nikon Z 6II', productKey: 'nikon-z-6ii' },
      lens: { text: 'Nikon NIKKOR Z 24-70mm f/2.8 S', productKey: 'nikon-z-2470' },
      exposure: '35mm · f/2.8 · 1/200s · ISO 1,600',
    });
  });

  it('keeps the EXIF text, unlinked, for what no product matched', () => {
    const [row] = photoExifRows([file({ exif: { ...exif, focalLength: null, aperture: null, shutter: null, iso: null }, cameraProduct: null })]);
    expect(row!.camera).toEqual({ text: 'NIKON Z 6_2', productKey: null });
    expect(row!.lens).toEqual({ text: 'NIKKOR Z 24-70mm f/2.8 S', productKey: null });
    expect(row!.exposure).toBe('');
  });

  it('skips files with nothing to show', () => {
    const empty = { camera: null, lens: null, focalLength: null, aperture: null, shutter: null, iso: null, takenAt: '2024-05-01 10:00:00' };
    expect(photoExifRows([file({}), file({ exif: null }), file({ exif: empty }), file({ image: false, exif })])).toEqual([]);
  });
});
