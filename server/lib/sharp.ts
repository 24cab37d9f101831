// The image library (sharp, on libvips), loaded on first use: uploads and the app's icons need it,
// starting the server and most requests do not, and loading it takes a noticeable part of a
// second and its native memory.
import type sharp from 'sharp';

let loading: Promise<typeof sharp> | undefined;

/** sharp itself, loaded once per process. */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
