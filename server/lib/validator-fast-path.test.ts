// Every request's body is parsed by validator.ts. A parse given the Korean error map costs about ten
// times a plain one, so valid input must be parsed without it; the map is for refused input only.
import { describe, expect, it, vi } from 'vitest';
import { PostKeyQuery } from '../../common/api/boards.js';
import { validatorCompiler } from './validator.js';

const compile = () => validatorCompiler({ schema: PostKeyQuery, url: '/api/board/view', method: 'POST', httpPart: 'body' }) as (data: unknown) => {
  value?: unknown;
  error?: Array<{ message: string; instancePath: string }>;
};

describe('request validation', () => {
  it('parses valid input once, without the error map', () => {
    const validate = compile();
    const spy = vi.spyOn(PostKeyQuery, 'safeParse');
    try {
      expect(validate({ boardId: 'free', key: 12 })).toEqual({ value: { boardId: 'free', key: 12 } });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('words refused input with the field names in Korean', () => {
    const result = compile()({ boardId: 'free', key: 'twelve' });
    expect(result.value).toBeUndefined();
    expect(result.error).toHaveLength(1);
    expect(result.error![0]!.instancePath).toBe('/key');
    expect(result.error![0]!.message).toMatch(/[\uAC00-\uD7A3]/);
  });
});
