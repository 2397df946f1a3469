import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@exemplar/shared/api';
import { APP_ROUTES, isPublicRoute, matchAppRoute } from '@exemplar/shared/app-routes';
import { isIdText } from '@exemplar/shared/ids';
import fp from 'fastify-plugin';
import { COMPRESSIBLE } from '../../lib/compressible-files.mjs';
import { addVary } from '../../lib/compression';
import { sendError } from '../../lib/error-handler';
import { exampleExists } from '../../modules/catalogue/examples';

/**
 * The built web app (WEB_DIST_DIR) and every answer no route gives: a JSON 404 under /api and for
 * other methods, the app shell for any other GET, or a 503 saying how to build when there is no
 * build. The shell's status says whether the page exists: 200 for a page of the app, 404 for a
 * path no page has (`APP_ROUTES`) and for `/examples/{id}` when no such example exists, so that
 * search engines and link checkers see what the client router shows. Registered last, after the
 * /api routes.
 */
export const staticPlugin = fp(
  async (app) => {
    /** Whether `pathname` shows a page: one of the app's, and for an example, one that exists. */
    const pageExists = async (pathname: string) => {
      const match = matchAppRoute(pathname);
      if (!match) return false;
      if (match.route !== '/examples/:id') return true;
      const id = match.params.id!;
      return isIdText(id) && (await exampleExists(app.database.db, Number(id)));
    };

    const root = app.config.WEB_DIST_DIR;
    const webBuilt = fs.existsSync(path.join(root, 'index.html'));
    if (webBuilt) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        // `/` is a page like the others (rendered on the server): the fallback below answers it.
        index: false,
        cacheControl: false,
        // scripts/web-build.mjs writes file.br and file.gz beside each compressible file: sent
        // as they are to browsers that accept them (ADR 015). Files without them go out as they are.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Called with the file actually sent (maybe file.br): decide on the original's name.
          const file = filePath.replace(/\.(?:br|gz)$/, '');
          // Vite fingerprints everything under assets/: cache it for a year. The rest (index.html,
          // the app shell of every client route) is asked again each time.
          res.setHeader(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
          if (COMPRESSIBLE.test(file)) res.setHeader('vary', 'Accept-Encoding');
        },
      });
    }

    /** A GET of a page's URL: rendered on the server, or the app shell; 404 for no such page. */
    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      const url = request.url.split('?')[0] ?? '/';
      if (!webBuilt) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run `npm run build`, then restart.');
      }
      const statusOf = async () => ((await pageExists(url)) ? 200 : 404);
      // The public pages and the not-found page, rendered on the server (server-rendering.ts),
      // which asks for the status only when the page is not kept already.
      const match = matchAppRoute(url);
      if (app.serverRendering && (!match || isPublicRoute(match.route))) {
        return app.serverRendering.send(request, reply, statusOf);
      }
      const status = await statusOf();
      // The other pages (signed-in ones, forms): the app shell (compressed like the rest); the
      // client router draws the page.
      addVary(reply, 'Accept-Encoding');
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }

    // The pages' own paths come here straight: the static files' route, which takes every other
    // GET, would first look for a file on disk (several stat calls) before falling through to the
    // not-found handler below. A path that only matches as react-router matches it (another case,
    // a trailing slash) still reaches sendPage that way.
    if (webBuilt) for (const route of APP_ROUTES) app.get(route, sendPage);

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url === '/api' || url.startsWith('/api/')) {
        return sendError(reply, 404, ErrorCode.NotFound, `No API route ${request.method} ${url}.`);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendError(reply, 404, ErrorCode.NotFound, `Nothing at ${request.method} ${url}.`);
      }
      return sendPage(request, reply);
    });
  },
  {
    name: 'static',
    dependencies: ['server-rendering'],
    decorators: { fastify: ['config', 'database'] },
  },
);
