import createClient from 'openapi-fetch';
// Generated from /api/docs/json by openapi-typescript inside test/openapi.test.ts; never on disk,
// so this folder is left out of `npm run typecheck` and the test type-checks it instead.
import type { components, paths } from './api-schema';

/**
 * A client of the Exemplar API that knows nothing but the OpenAPI document: every path, parameter,
 * body, answer and error below is typed by the generated `paths`, and checked by the compiler
 * against them before the test runs it over HTTP.
 */
export type ErrorResponse = components['schemas']['ErrorResponse'];
export type ExamplesQuery = NonNullable<paths['/api/examples']['get']['parameters']['query']>;
export type SubjectInput =
  paths['/api/subjects']['post']['requestBody']['content']['application/json'];

/** A documented error answer, thrown with its status, code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse,
  ) {
    super(`${status} ${body.code}: ${body.message}`);
  }
}

export function exemplarClient(baseUrl: string) {
  const api = createClient<paths>({ baseUrl });
  const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

  return {
    async register(email: string, password: string, name: string) {
      const { data, error, response } = await api.POST('/api/auth/register', {
        body: { email, password, name },
      });
      if (error) throw new ApiError(response.status, error);
      return data.data;
    },

    async confirm(email: string, code: string) {
      const { data, error, response } = await api.POST('/api/auth/confirm', {
        body: { email, code },
      });
      if (error) throw new ApiError(response.status, error);
      return data.message;
    },

    async login(email: string, password: string) {
      const { data, error, response } = await api.POST('/api/auth/login', {
        body: { email, password },
      });
      if (error) throw new ApiError(response.status, error);
      return data.data;
    },

    async me(idToken: string) {
      const { data, error, response } = await api.GET('/api/auth/me', {
        headers: bearer(idToken),
      });
      if (error) throw new ApiError(response.status, error);
      return data.data.user;
    },

    async listExamples(query: ExamplesQuery = {}, idToken?: string) {
      const { data, error, response } = await api.GET('/api/examples', {
        params: { query },
        ...(idToken ? { headers: bearer(idToken) } : {}),
      });
      if (error) throw new ApiError(response.status, error);
      return data.data;
    },

    async categoryTree() {
      const { data, error, response } = await api.GET('/api/categories/tree');
      if (error) throw new ApiError(response.status, error);
      return data.data.categoriesTree;
    },

    async createSubject(idToken: string | undefined, body: SubjectInput) {
      const { data, error, response } = await api.POST('/api/subjects', {
        body,
        ...(idToken ? { headers: bearer(idToken) } : {}),
      });
      if (error) throw new ApiError(response.status, error);
      return data.data.subject;
    },

    async deleteSubject(idToken: string, id: number) {
      const { data, error, response } = await api.DELETE('/api/subjects/{id}', {
        params: { path: { id: String(id) } },
        headers: bearer(idToken),
      });
      if (error) throw new ApiError(response.status, error);
      return data.message;
    },

    async subjects() {
      const { data, error, response } = await api.GET('/api/subjects');
      if (error) throw new ApiError(response.status, error);
      return data.data.subjects;
    },
  };
}
