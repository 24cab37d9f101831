// Small factories for gallery tests: camera JPEGs with real EXIF (GPS included, to prove it never
// comes out), uploads through the real call, gallery items through the real save call.
import sharp from 'sharp';
import { expect } from 'vitest';
import type { GallerySave } from '../../common/api/gallery.js';
import { post, type TestApp } from './harness.js';

/** EXIF of a Canon EOS 5D Mark IV with the EF 24-70mm f/2.8L II (both in the test catalogue), and GPS. */
export const CANON_EXIF = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV', DateTime: '2024:05:01 10:20:30' },
  IFD2: {
    LensModel: 'EF24-70mm f/2.8L II USM',
    FocalLength: '35/1',
    FNumber: '28/10',
    ExposureTime: '1/200',
    ISOSpeedRatings: '100',
    DateTimeOriginal: '2024:05:01 10:20:30',
  },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 0/1' },
};

/** A camera JPEG carrying GPS; 1600 px wide so the medium size is a real reduction. */
export const gpsJpeg = (width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#4477aa' } }).jpeg({ quality: 80 }).withExif(CANON_EXIF).toBuffer();

export async function upload(t: TestApp, cookie: string, data: Buffer, name = 'photo.jpg', type = 'image/jpeg'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileKey as string;
}

/** A small photo without EXIF (fast to make when the EXIF does not matter). */
export const plainPng = (color = '#aa3344') => sharp({ create: { width: 48, height: 32, channels: 3, background: color } }).png().toBuffer();

/** Saves a gallery item through /api/gallery/save with fresh uploads unless photos are given. */
export async function createGallery(t: TestApp, cookie: string, over: Partial<GallerySave> = {}): Promise<number> {
  const photos = over.photos ?? [{ fileKey: await upload(t, cookie, await plainPng(), 'a.png', 'image/png'), caption: '첫 사진' }];
  const res = await post(t, '/api/gallery/save', { title: '바다', description: '파도\n바람', ...over, photos }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().galleryKey as number;
}
