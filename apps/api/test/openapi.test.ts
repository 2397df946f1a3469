import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorResponseSchema } from '@exemplar/shared/api';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { FastifyInstance, InjectOptions } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { smallCatalogue } from './factories';
import { startSmtp } from './helpers/smtp';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { userWithRole, type TestUser } from './helpers/users';

/**
 * The API document at /api/docs/json: valid OpenAPI, the bearer scheme and every 4xx with the one
 * error shape, true to what the server answers; and good enough that a client written only
 * against the types openapi-typescript generates from it works.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(here, 'openapi-client');
const clientFile = path.join(clientDir, 'client.ts');
const schemaFile = path.join(clientDir, 'api-schema.d.ts');

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: { $ref?: string } }> }
  >;
}
interface Document {
  components: {
    securitySchemes?: Record<string, Record<string, string>>;
    schemas: Record<string, unknown>;
  };
  paths: Record<string, Record<string, Operation>>;
}

/** What this test uses of client.ts, whose own types come from the generated document types. */
interface ClientModule {
  ApiError: new (...args: never[]) => Error;
  exemplarClient(baseUrl: string): {
    register(email: string, password: string, name: string): Promise<{ email: string }>;
    confirm(email: string, code: string): Promise<string | undefined>;
    login(email: string, password: string): Promise<{ idToken: string }>;
    me(idToken: string): Promise<{ email: string }>;
    listExamples(
      query?: Record<string, string>,
      idToken?: string,
    ): Promise<{ total: number; examples: { id: number; subjectId: number; liked?: boolean }[] }>;
    categoryTree(): Promise<{ subject: { id: number }; categories: { children: unknown[] }[] }[]>;
    createSubject(
      idToken: string | undefined,
      body: { name: string; description?: string },
    ): Promise<{ id: number; name: string }>;
    deleteSubject(idToken: string, id: number): Promise<string | undefined>;
    subjects(): Promise<{ name: string }[]>;
  };
}

let env: TestEnv;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let baseUrl: string;
let doc: Document;
let admin: TestUser;
let superadmin: TestUser;
let learner: TestUser;
let catalogue: Awaited<ReturnType<typeof smallCatalogue>>;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ SMTP_URL: smtp.url, BODY_LIMIT_BYTES: '4096' });
  app = await buildApp(env.config, { logger: false });
  catalogue = await smallCatalogue(app.database.db);
  admin = await userWithRole(app, 'admin');
  superadmin = await userWithRole(app, 'superadmin');
  learner = await userWithRole(app, 'basic');
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`${baseUrl}/api/docs/json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await env.cleanup();
});

function operations(): { key: string; path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${p}`,
      path: p,
      method: method.toUpperCase(),
      op,
    })),
  );
}

const bearerOnly = (op: Operation) =>
  !!op.security?.length && op.security.every((req) => 'bearerAuth' in req);
const ERROR_REF = '#/components/schemas/ErrorResponse';

describe(`the OpenAPI document on ${engineUnderTest}`, () => {
  it('passes @readme/openapi-parser validation, with the recursive category tree as a component that refers to itself', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, compileErrors(result)).toBe(true);
    const node = doc.components.schemas.CategoryTreeNode as {
      properties: { children: { items: { $ref: string } } };
    };
    expect(node.properties.children.items.$ref).toBe('#/components/schemas/CategoryTreeNode');
  });

  it('declares bearerAuth (http bearer, JWT) and requires it on catalogue writes, optional on /api/examples, absent on public reads', () => {
    expect(doc.components.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.paths['/api/subjects']!.post!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/admin/users/{username}']!.delete!.security).toEqual([
      { bearerAuth: [] },
    ]);
    expect(doc.paths['/api/examples']!.get!.security).toEqual([{}, { bearerAuth: [] }]);
    expect(doc.paths['/api/subjects']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/auth/login']!.post!.security).toBeUndefined();
  });

  it("documents answer specs: the example's answerSpec, the save's answerSpec and testAnswers and what an update without them keeps, the read and the editors' try", () => {
    type Schema = { properties: Record<string, Schema>; required?: string[]; anyOf?: Schema[] };
    const body = (op: Operation) =>
      (op.requestBody as { content: Record<string, { schema: Schema }> }).content[
        'application/json'
      ]!.schema;
    const data = (op: Operation) =>
      (op.responses['200'] ?? op.responses['201'])!.content!['application/json']!
        .schema as unknown as {
        properties: { data: Schema };
      };
    const put = doc.paths['/api/examples/{id}']!.put! as Operation & { description: string };
    expect(Object.keys(body(put).properties)).toEqual(
      expect.arrayContaining(['answerSpec', 'testAnswers']),
    );
    expect(body(put).required).not.toContain('answerSpec');
    expect(put.description).toContain('answerSpec absent: the spec as set is kept');
    expect(put.description).toContain('null: it goes back to inferred');
    const example = data(put).properties.data.properties.example!;
    expect(example.required).toContain('answerSpec');
    expect(Object.keys(example.properties)).toEqual(
      expect.arrayContaining(['answerSpec', 'answerSpecSet', 'testAnswers']),
    );
    const versions = data(doc.paths['/api/examples/{id}/versions']!.get!).properties.data;
    expect(JSON.stringify(versions)).toContain('"testAnswers"');

    const read = doc.paths['/api/examples/{id}/read']!.post!;
    expect(Object.keys(body(read).properties)).toEqual(['answer']);
    expect(data(read).properties.data.anyOf!.map((s) => Object.keys(s.properties))).toEqual([
      ['reading'],
      ['problem'],
    ]);
    expect(read.responses['429']).toBeDefined();

    const tryOp = doc.paths['/api/admin/answer-check/try']!.post!;
    expect(tryOp.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(body(tryOp).properties).sort()).toEqual([
      'answer',
      'answerSpec',
      'answers',
      'question',
    ]);
    expect(Object.keys(data(tryOp).properties.data.properties).sort()).toEqual([
      'answerSpec',
      'inferred',
      'results',
    ]);
  });

  it("documents the learner's preferences: bearer only, tryFirst in the answer, an optional tryFirst in the save with its 429", () => {
    const path = doc.paths['/api/me/preferences']!;
    for (const op of [path.get!, path.patch!]) {
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      expect(JSON.stringify(op.responses['200'])).toContain('"tryFirst":{"type":"boolean"}');
    }
    const body = (
      path.patch!.requestBody as {
        content: Record<string, { schema: { properties: object; required?: string[] } }>;
      }
    ).content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(['tryFirst']);
    expect(body.required ?? []).toEqual([]);
    expect(path.patch!.responses['429']).toBeDefined();
    expect(path.get!.responses['429']).toBeUndefined();
  });

  it('gives every operation at least one 4xx, and every 4xx is an ErrorResponse with a description', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    for (const { key, op } of ops) {
      const errors = Object.entries(op.responses).filter(([status]) => /^4\d\d$/.test(status));
      expect(errors.length, key).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        expect(response.description, `${key} ${status}`).not.toBe('Default Response');
        expect(response.content?.['application/json']?.schema.$ref, `${key} ${status}`).toBe(
          ERROR_REF,
        );
      }
    }
    const schema = doc.components.schemas.ErrorResponse as { required: string[] };
    expect(schema.required).toEqual(['success', 'code', 'message']);
  });

  it('documents every 4xx the server answers to an anonymous caller, a learner, a superadmin, a non-JSON body, a too-large body and a NUL in the query; bearer-only operations answer 401 to anyone without a token', async () => {
    let ip = 0;
    const probe = async (key: string, op: Operation, request: InjectOptions) => {
      const res = await app.inject({ ...request, remoteAddress: `198.51.100.${(ip++ % 250) + 1}` });
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400 && res.statusCode < 500) {
        expect(Object.keys(op.responses), `${key} answered ${res.statusCode}`).toContain(
          String(res.statusCode),
        );
        expect(
          ErrorResponseSchema.strict().safeParse(res.json()).success,
          `${key}: ${res.body}`,
        ).toBe(true);
      }
      return res.statusCode;
    };
    for (const { key, path: template, method, op } of operations()) {
      const url = template
        .replace('{id}', '999999')
        .replace('{username}', 'nobody-here')
        .replace('{group}', 'admin');
      const hasBody = method !== 'GET';
      const json = hasBody ? { payload: {} } : {};
      const token = { authorization: `Bearer ${superadmin.idToken}` };
      const m = method as InjectOptions['method'];

      const anonymous = await probe(key, op, { method: m, url, ...json });
      if (bearerOnly(op)) expect(anonymous, key).toBe(401);
      else expect(anonymous, key).not.toBe(401);

      const basic = { authorization: `Bearer ${learner.idToken}` };
      await probe(key, op, { method: m, url, headers: basic, ...json });
      await probe(key, op, { method: m, url, headers: token, ...json });
      expect(
        await probe(key, op, { method: m, url: `${url}?q=%00`, headers: token, ...json }),
        `${key} with a NUL`,
      ).toBe(400);
      if (hasBody) {
        expect(
          await probe(key, op, {
            method: m,
            url,
            headers: { ...token, 'content-type': 'text/plain' },
            payload: 'hello',
          }),
          `${key} with text/plain`,
        ).toBe(415);
        await probe(key, op, {
          method: m,
          url,
          headers: { ...token, 'content-type': 'application/json' },
          payload: JSON.stringify({ padding: 'x'.repeat(5000) }),
        });
      }
    }
  });
});

describe(`a client generated from the document on ${engineUnderTest}`, () => {
  let generated: string;

  /** Type-checks `files` (path → text, or null to read from disk) with apps/api's compiler options. */
  function typeCheck(files: Record<string, string | null>): string[] {
    const config = ts.readConfigFile(path.join(here, '../tsconfig.json'), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, path.join(here, '..'));
    const host = ts.createCompilerHost(options);
    const memory = new Map(
      Object.entries({ ...files, [schemaFile]: generated }).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      ),
    );
    const { fileExists, readFile } = host;
    host.fileExists = (f) => memory.has(f) || fileExists.call(host, f);
    host.readFile = (f) => memory.get(f) ?? readFile.call(host, f);
    const program = ts.createProgram(Object.keys(files), options, host);
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where =
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      const file = d.file ? path.relative(clientDir, d.file.fileName) : '?';
      return `${file}:${where ? where.line + 1 : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
  }

  beforeAll(async () => {
    generated = astToString(await openapiTS(structuredClone(doc) as never));
  });

  it('openapi-typescript turns the document into types with every path and the ErrorResponse component', () => {
    expect(generated).toContain('"/api/auth/register": {');
    expect(generated).toContain('"/api/subjects/{id}": {');
    expect(generated).toMatch(/ErrorResponse: \{/);
    expect(generated).toMatch(/CategoryTreeNode: \{/);
  });

  it('test/openapi-client/client.ts type-checks against the generated types, and a wrong path, body or query does not', () => {
    expect(typeCheck({ [clientFile]: null })).toEqual([]);

    const wrong = path.join(clientDir, 'wrong.ts');
    const diagnostics = typeCheck({
      [wrong]: [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './api-schema';",
        'const api = createClient<paths>({});',
        "void api.GET('/api/no-such-route');",
        "void api.POST('/api/subjects', { body: { title: 'Topology' } });",
        "void api.GET('/api/examples', { params: { query: { colour: 'red' } } });",
      ].join('\n'),
    });
    // One error on each of the three wrong calls, none elsewhere.
    expect(diagnostics.map((d) => d.split(': ')[0])).toEqual([
      'wrong.ts:4',
      'wrong.ts:5',
      'wrong.ts:6',
    ]);
  }, 60_000);

  it('registers, confirms with the mailed code, logs in, lists and filters examples, and as an admin creates and deletes a subject, over HTTP with only the generated types', async () => {
    // A variable specifier: `npm run typecheck` must not follow it to the generated types.
    const modulePath = clientFile;
    const { exemplarClient, ApiError } = (await import(modulePath)) as ClientModule;
    const client = exemplarClient(baseUrl);

    const email = `openapi.${Date.now()}@example.com`;
    const password = 'Generated-Types-77';
    const since = smtp.messages.length;
    expect(await client.register(email, password, 'Grace Hopper')).toMatchObject({ email });
    const again = await client.register(email, password, 'Grace Hopper').catch((e) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ status: 409, body: { success: false, code: 'Conflict' } });

    const code = smtp.codeIn(await smtp.nextTo(email, since));
    expect(await client.confirm(email, code)).toBe('Account confirmed successfully.');
    const tokens = await client.login(email, password);
    expect((await client.me(tokens.idToken)).email).toBe(email);

    const all = await client.listExamples();
    expect(all.total).toBe(6);
    const easyAlgebra = await client.listExamples(
      { subjectId: String(catalogue.algebra), difficultyId: 'easy' },
      tokens.idToken,
    );
    expect(easyAlgebra.total).toBe(3);
    expect(easyAlgebra.examples.every((e) => e.subjectId === catalogue.algebra)).toBe(true);
    expect(easyAlgebra.examples.every((e) => e.liked === false)).toBe(true);
    const searched = await client.listExamples({ q: 'circle' });
    expect(searched.examples.map((e) => e.id)).toEqual([catalogue.ex.circle]);
    const tree = await client.categoryTree();
    expect(
      tree.find((t) => t.subject.id === catalogue.algebra)?.categories[0]?.children,
    ).toHaveLength(2);

    const anonymous = await client.createSubject(undefined, { name: 'Topology' }).catch((e) => e);
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'Unauthorized' } });
    const learner = await client
      .createSubject(tokens.idToken, { name: 'Topology' })
      .catch((e) => e);
    expect(learner).toMatchObject({ status: 403, body: { code: 'Forbidden' } });

    const adminTokens = await client.login(admin.email, admin.password);
    const subject = await client.createSubject(adminTokens.idToken, {
      name: 'Topology',
      description: 'Open sets',
    });
    expect(subject).toMatchObject({ name: 'Topology', description: 'Open sets' });
    expect((await client.subjects()).map((s) => s.name)).toContain('Topology');
    expect(await client.deleteSubject(adminTokens.idToken, subject.id)).toBe('Subject deleted.');
    expect((await client.subjects()).map((s) => s.name)).not.toContain('Topology');
    const gone = await client.deleteSubject(adminTokens.idToken, subject.id).catch((e) => e);
    expect(gone).toMatchObject({ status: 404, body: { code: 'NotFound' } });
  });
});
