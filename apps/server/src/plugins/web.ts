import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isPageRoute } from '@app/shared';
import { acceptedCoding } from '../lib/content-coding';
import { LANGUAGE_COOKIE, pageHtmlFor, visitorLanguage } from './page-html';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and any non-API GET that is not a file answered with index.html (client-side routes), with
 * the links of the page it opens written in (page-html.ts): with 200 for an address of the
 * app's routes (PAGE_ROUTES in @app/shared), else 404 (the app draws its not-found page).
 * Unknown /api addresses answer a JSON 404.
 */
export const webPlugin = fp(async (app, options: { distDir: string | undefined }) => {
  const distDir = options.distDir;
  const hasBuild = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  if (hasBuild && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const pageHtml = hasBuild && distDir ? pageHtmlFor(distDir) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    const status = isPageRoute(pathname) ? 200 : 404;
    if (isPage && pageHtml) {
      const page = pageHtml(pathname, visitorLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']));
      reply.status(status).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Accept-Language, Cookie');
      // Only a page is revalidated: a 304 would stand for a 404 as if it were the page.
      if (status === 200) {
        reply.header('etag', page.etag);
        if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      }
      const encoding = acceptedCoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(page.body[encoding ?? 'identity']);
    }
    if (isPage && hasBuild) {
      reply.status(status).header('cache-control', 'no-cache').type('text/html');
      return status === 200 ? reply.sendFile('index.html') : reply.sendFile('index.html', { etag: false, lastModified: false });
    }
    if (isPage) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does this for you).');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found` });
  });
});
