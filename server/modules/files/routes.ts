// File calls: POST /api/file/upload (multipart, one file; ?for=gallery for a gallery photo, which
// gets its owner's watermark) and GET /api/file/down/{fileKey}/{thumb|medium|original|name}.
import type {} from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { UploadResult } from '../../../common/api/boards.js';
import type { App } from '../../lib/context.js';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from '../../lib/errors.js';
import { requireMember } from '../../lib/session.js';
import { createStorage } from '../../lib/storage.js';
import { galleryImageOptions } from '../watermark/settings.js';
import { canReadFile, findFile, saveUpload } from './service.js';

const MSG = {
  noFile: '올릴 파일을 선택해 주세요.',
  tooLarge: (mb: number) => `파일이 너무 큽니다. 한 파일에 ${mb.toLocaleString('ko-KR')}MB까지 올릴 수 있습니다.`,
  tooMany: '파일을 너무 자주 올리고 있습니다. 잠시 후 다시 시도해 주세요.',
  missing: '파일을 찾을 수 없습니다.',
  forbidden: '이 파일을 볼 권한이 없습니다.',
} as const;

/** Uploads per member per window. */
const UPLOADS_PER_WINDOW = 60;
const UPLOAD_WINDOW_MS = 10 * 60_000;

/** A gallery photo's upload reads its owner's watermark and credit settings. */
const UploadQuery = z.object({ for: z.enum(['gallery'], { error: '사진을 올릴 곳은 gallery만 쓸 수 있습니다.' }).optional() });

const DownParams = z.object({
  a: z.string().max(100),
  b: z.string().min(1).max(1000),
});

/** The plain filename= for old clients: non-ASCII characters become '_' (filename* has the real name). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_');

/** An image never changes under its random key (an edit uploads a new one): one a visitor may read is kept for a year. */
const IMMUTABLE_MAX_AGE = 365 * 24 * 3600;
const cacheControl = (publicBoard: boolean, image: boolean) =>
  publicBoard && image ? `public, max-age=${IMMUTABLE_MAX_AGE}, immutable` : `${publicBoard ? 'public' : 'private'}, max-age=3600`;

export default async function fileRoutes(app: App) {
  const { db, config } = app.ctx;
  const storage = createStorage(config);
  const maxMb = Math.round((config.uploads.maxBytes / 1024 / 1024) * 10) / 10;

  const uploadLimit = app.createRateLimit({
    max: UPLOADS_PER_WINDOW,
    timeWindow: UPLOAD_WINDOW_MS,
    keyGenerator: async (req) => 'upload:' + ((await req.member())?.no ?? req.ip),
  });

  app.post('/api/file/upload', { schema: { querystring: UploadQuery, response: { 200: UploadResult } } }, async (req) => {
    const member = await requireMember(req);
    if (config.rateLimit) {
      const r = await uploadLimit(req);
      if (!r.isAllowed && r.isExceeded) throw tooManyRequests(MSG.tooMany);
    }
    if (!req.isMultipart()) throw badRequest(MSG.noFile, 'no_file');
    const part = await req.file({ limits: { fileSize: config.uploads.maxBytes, files: 1 } });
    if (!part) throw badRequest(MSG.noFile, 'no_file');
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, 'file_too_large', MSG.tooLarge(maxMb));
      }
      throw e;
    }
    const image = req.query.for === 'gallery' ? await galleryImageOptions(db, member) : undefined;
    return saveUpload(db, storage, { userNo: member.no, name: part.filename, data, maxPixels: config.uploads.maxPixels, image });
  });

  app.get('/api/file/down/:a/:b', { schema: { params: DownParams } }, async (req, reply) => {
    const file = await findFile(db, req.params.a);
    if (!file) throw notFound(MSG.missing);
    const decision = await canReadFile(db, await req.member(), file);
    if (!decision.ok) throw decision.reason === 'missing' ? notFound(MSG.missing) : forbidden(MSG.forbidden);

    // 'thumb' and 'medium' are an image's derived sizes; 'original' a watermarked photo's large size
    // without the watermark, for its uploader alone; any other name is the file itself (images re-encoded).
    const size = req.params.b === 'thumb' && file.thumbPath !== null ? 'thumb' : req.params.b === 'medium' && file.mediumPath !== null ? 'medium' : null;
    const original = req.params.b === 'original' && file.originalPath !== null;
    if (original && (await req.member())?.no !== file.userNo) throw notFound(MSG.missing);
    const path = original ? file.originalPath! : size === 'thumb' ? file.thumbPath! : size === 'medium' ? file.mediumPath! : file.storagePath;
    const object = await storage.get(path);
    if (!object) throw notFound(MSG.missing);

    const name = original ? file.name.replace(/\.[^.]*$/, '') + '-original.webp' : size ? file.name.replace(/\.[^.]*$/, '') + `-${size}.webp` : file.name;
    reply
      .header('content-type', size ? 'image/webp' : file.mime)
      .header('content-length', object.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition(name, { type: file.image && !original ? 'inline' : 'attachment', fallback: asciiName(name) }))
      .header('cache-control', original ? 'private, max-age=3600' : cacheControl(decision.publicBoard, file.image));
    return reply.send(object.stream);
  });
}
