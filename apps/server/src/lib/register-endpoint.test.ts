import { defineEndpoint, ZErrorResponse } from '@dsm/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointSchema, registerEndpoint } from './register-endpoint';

const greetingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/greetings/:name',
  params: z.object({ name: z.string().min(2) }),
  query: z.object({ times: z.coerce.number().int().min(1).default(1) }),
  body: z.object({ greeting: z.string() }),
  answer: z.object({ text: z.string() }),
  status: 201,
  alsoStatus: [200],
  summary: 'Greet someone',
  tags: ['greetings'],
  errors: [400, 404],
});

async function appWith(handler: Parameters<typeof registerEndpoint<typeof greetingEndpoint>>[2]['handler']) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The app's error handler stands behind every route; this one answers a refusal in the same shared shape.
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
    reply.status(error.statusCode ?? 500).send({
      statusCode: error.statusCode ?? 500,
      code: 'VALIDATION_FAILED',
      error: 'Bad Request',
      message: error.message,
    }),
  );
  registerEndpoint(app, greetingEndpoint, { handler });
  await app.ready();
  return app;
}

describe('registerEndpoint', () => {
  it('serves the declared method and path with the params, query and body parsed', async () => {
    const app = await appWith(async (request, reply) =>
      reply.status(201).send({ text: `${request.body.greeting} ${request.params.name} x${request.query.times}` }),
    );
    const answer = await app.inject({ method: 'POST', url: '/greetings/Ada?times=2', payload: { greeting: 'Hello' } });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ text: 'Hello Ada x2' });
    expect((await app.inject({ method: 'GET', url: '/greetings/Ada' })).statusCode).toBe(404);
    await app.close();
  });

  it('refuses input that fails the declaration before the handler runs', async () => {
    let calls = 0;
    const app = await appWith(async () => {
      calls += 1;
      return { text: 'never' };
    });
    const answer = await app.inject({ method: 'POST', url: '/greetings/A', payload: { greeting: 'Hello' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(calls).toBe(0);
    await app.close();
  });

  it('sends only the fields the answer declares', async () => {
    const app = await appWith(async (_request, reply) =>
      reply.status(200).send({ text: 'Hi', secret: 'not for the caller' } as { text: string }),
    );
    const answer = await app.inject({ method: 'POST', url: '/greetings/Ada', payload: { greeting: 'Hi' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ text: 'Hi' });
    await app.close();
  });
});

describe('endpointSchema', () => {
  it('answers every declared success status with the answer and every error with the shared error body', () => {
    const schema = endpointSchema(greetingEndpoint) as unknown as { response: Record<number, unknown>; tags: string[] };
    expect(Object.keys(schema.response)).toEqual(['200', '201', '400', '404']);
    expect(schema.response[201]).toBe(greetingEndpoint.answer);
    expect(schema.response[200]).toBe(greetingEndpoint.answer);
    expect(schema.response[404]).toBe(ZErrorResponse);
    expect(schema.tags).toEqual(['greetings']);
  });
});
