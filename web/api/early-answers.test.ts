import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  delete (globalThis as Record<string, unknown>).__chalkakEarly;
  vi.resetModules();
});

const answer = (text: string) => Promise.resolve(new Response(text));

describe('earlyAnswer', () => {
  it('hands each answer of the preloader to the first same call, once', async () => {
    const at = Date.now();
    (globalThis as Record<string, unknown>).__chalkakEarly = { at, answers: { '/api/home {}': answer('home') } };
    const { earlyAnswer } = await import('./early-answers');
    expect(earlyAnswer('/api/home', '{"x":1}')).toBeUndefined();
    const got = earlyAnswer('/api/home', '{}', at + 1000);
    expect(await (await got)!.text()).toBe('home');
    expect(earlyAnswer('/api/home', '{}', at + 1000)).toBeUndefined();
  });

  it('hands out nothing once the page has been in use a while', async () => {
    const at = Date.now();
    (globalThis as Record<string, unknown>).__chalkakEarly = { at, answers: { '/api/home {}': answer('old') } };
    const { earlyAnswer } = await import('./early-answers');
    expect(earlyAnswer('/api/home', '{}', at + 15_000)).toBeUndefined();
  });

  it('marks the app as begun when the preloader has not run, so it asks for nothing later', async () => {
    const { earlyAnswer } = await import('./early-answers');
    expect((globalThis as Record<string, unknown>).__chalkakEarly).toEqual({ at: 0, answers: {} });
    expect(earlyAnswer('/api/home', '{}')).toBeUndefined();
  });
});
