// Answers that came with an ETag (the board lists and views a visitor reads, decision 22), kept
// in this tab's memory: the next identical call sends If-None-Match and a 304 reuses the body.
// Only the server decides: it answers 304 when its current answer for this reader has the very
// same bytes, so a body kept here is never shown to a reader it was not made for.

const MAX_ENTRIES = 50;

export interface Remembered {
  etag: string;
  body: string;
}

export class EtagMemory {
  private readonly entries = new Map<string, Remembered>();

  constructor(private readonly max = MAX_ENTRIES) {}

  static key(path: string, body: string) {
    return `${path}\n${body}`;
  }

  get(key: string): Remembered | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, etag: string | null, body: string) {
    this.entries.delete(key);
    if (!etag) return;
    this.entries.set(key, { etag, body });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
