// HEIC/HEIF photos (what iPhones save by default). sharp's prebuilt libvips has no HEVC decoder, so
// libheif compiled to WebAssembly (heic-decode, from the registry, no system package) decodes them
// to RGBA, in a worker thread: the decoding is one long synchronous call that would otherwise stop
// every other request, and a worker can be terminated when a file takes too long.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Why a file was not decoded; images.ts answers each with its message. */
export class HeifRefusal extends Error {
  constructor(readonly reason: 'broken' | 'pixels' | 'slow' | 'busy') {
    super(`HEIF ${reason}`);
  }
}

/** A 12 MP photo takes about 3 s here (on the main thread it would block every request that long); past this it is refused. */
export const HEIF_TIMEOUT_MS = 30_000;
/** Decodes at once per process (each holds the whole picture in memory), and how many may wait. */
const RUNNING_MAX = 2;
const WAITING_MAX = 8;

export interface DecodedHeif {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
  /** Every alpha byte is 255 (a photo): the alpha channel can be dropped. */
  opaque: boolean;
}

type WorkerAnswer =
  | { ok: true; width: number; height: number; data: Uint8Array; opaque: boolean }
  | { ok: false; reason: 'broken' | 'pixels' };

// CommonJS run by the worker. The size in the container (ispe) is checked before any pixel is decoded.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.module);
(async () => {
  let images;
  try {
    images = await decode.all({ buffer: workerData.data });
  } catch {
    return parentPort.postMessage({ ok: false, reason: 'broken' });
  }
  try {
    const first = images[0];
    if (!first || !(first.width > 0) || !(first.height > 0)) return parentPort.postMessage({ ok: false, reason: 'broken' });
    if (first.width * first.height > workerData.maxPixels) return parentPort.postMessage({ ok: false, reason: 'pixels' });
    const { width, height, data } = await first.decode();
    let opaque = true;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) { opaque = false; break; }
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ ok: true, width, height, data: bytes, opaque }, [bytes.buffer]);
  } catch {
    parentPort.postMessage({ ok: false, reason: 'broken' });
  } finally {
    try { images.dispose(); } catch {}
  }
})();
`;

let decoderPath: string | undefined;
let running = 0;
const waiting: Array<() => void> = [];

/**
 * Decodes the first picture of a HEIC/HEIF file to RGBA. Rejects with a HeifRefusal a file it
 * cannot read, one with more than maxPixels, one not done in timeoutMs, and any when too many wait.
 */
export async function decodeHeif(data: Buffer, maxPixels: number, timeoutMs = HEIF_TIMEOUT_MS): Promise<DecodedHeif> {
  await acquire();
  try {
    return await runWorker(data, maxPixels, timeoutMs);
  } finally {
    release();
  }
}

/** A decoding slot; when all are taken the caller waits, and past WAITING_MAX it is refused. */
async function acquire(): Promise<void> {
  if (running < RUNNING_MAX) {
    running++;
    return;
  }
  if (waiting.length >= WAITING_MAX) throw new HeifRefusal('busy');
  // The slot is handed over by release(), so nobody slips in between.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function runWorker(data: Buffer, maxPixels: number, timeoutMs: number): Promise<DecodedHeif> {
  // Loaded only when a HEIC arrives, and inside the worker: the decoder is a few MB of WebAssembly.
  decoderPath ??= createRequire(import.meta.url).resolve('heic-decode');
  return new Promise((resolve, reject) => {
    // The decoder prints why a file failed; the answer says it, so its output is dropped.
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { module: decoderPath, data, maxPixels }, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new HeifRefusal('slow'))), timeoutMs);
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() => {
        if (answer.ok) {
          resolve({ width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength), opaque: answer.opaque });
        } else {
          reject(new HeifRefusal(answer.reason));
        }
      }),
    );
    // A crash (out of memory in the decoder, say) is a file that cannot be read.
    worker.once('error', () => settle(() => reject(new HeifRefusal('broken'))));
    worker.once('exit', () => settle(() => reject(new HeifRefusal('broken'))));
  });
}
