// Responses go out through a serialiser compiled from the route's zod schema (decision 23): it
// writes only the schema's fields, and a value of the wrong type is a generic 500, never a leak.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { PostView } from '../../common/api/boards.js';
import { post, testApp, type TestApp } from '../test/harness.js';
import { responseJsonSchema } from './serializer.js';

const Profile = z.object({
  userId: z.string(),
  points: z.number().int(),
  level: z.object({ name: z.string() }).nullable(),
  tags: z.array(z.object({ name: z.string() })),
});

let answer: unknown;
let t: TestApp;
beforeAll(async () => {
  t = await testApp(
    {},
    {
      beforeReady: (app) => {
        app.post('/api/test/profile', { schema: { response: { 200: Profile } } }, async () => answer as z.infer<typeof Profile>);
      },
    },
  );
});
afterAll(() => t.close());

it('writes only the fields the response schema lists, at every depth', async () => {
  answer = {
    userId: 'kim',
    points: 10,
    passwordHash: '$argon2id$secret',
    email: 'kim@example.com',
    level: { name: '새싹', adminNote: 'x' },
    tags: [{ name: '풍경', ownerEmail: 'a@b.c' }],
  };
  const res = await post(t, '/api/test/profile');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ userId: 'kim', points: 10, level: { name: '새싹' }, tags: [{ name: '풍경' }] });
  expect(res.body).not.toMatch(/argon2|example\.com|adminNote|ownerEmail/);
});

it('sends null where the schema allows it', async () => {
  answer = { userId: 'kim', points: 0, level: null, tags: [] };
  expect((await post(t, '/api/test/profile')).json()).toEqual(answer);
});

it('answers a generic 500 for a missing field or a value of the wrong type, without the value', async () => {
  for (const bad of [
    { userId: 'kim', points: 'not a number $secret', level: null, tags: [] },
    { points: 1, level: null, tags: [], secret: 'hash' },
    { userId: 'kim', points: 1, level: 'secret-text', tags: [] },
  ]) {
    answer = bad;
    const res = await post(t, '/api/test/profile');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.body).not.toContain('secret');
  }
});

it('turns nullable objects into compiled nullable schemas (no per-response branch checks)', () => {
  const schema = responseJsonSchema(PostView) as { properties: Record<string, { nullable?: boolean; anyOf?: unknown }> };
  expect(schema.properties.prev).toMatchObject({ type: 'object', nullable: true });
  expect(schema.properties.prev!.anyOf).toBeUndefined();
  expect(JSON.stringify(schema)).not.toContain('"additionalProperties":false');
});
