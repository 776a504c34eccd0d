import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** API and server-only prefixes: unknown paths under them are 404 JSON, never the SPA. */
const SERVER_PREFIXES = ['/api/', '/user/', '/provider/', '/staff/', '/dev/', '/sandbox/', '/webhooks/', '/uploads/', '/metrics'];

function notFound(method: string, url: string, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ status: false, statusCode: 404, error: 'NOT_FOUND', message: `No route for ${method} ${url.split('?')[0]}.` });
}

/** Paths that name a static file: a miss is a 404, not the SPA (a distance like /2.5 is not a file). */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|txt|xml|webmanifest|woff2?|ttf)$/i;

/** Serves the built web app: hashed assets cached for a year, index.html never cached, SPA fallback. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWebApp = existsSync(index);
  if (!hasWebApp) {
    app.log.warn({ webDist }, 'web app not built; serving the API only (run npm run build)');
    app.setNotFoundHandler((req, reply) => notFound(req.method, req.url, reply));
    return;
  }
  const hasHome = existsSync(path.join(webDist, 'home.html'));
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const isServerPath = SERVER_PREFIXES.some((p) => url.startsWith(p) || url === p.replace(/\/$/, ''));
    if (req.method !== 'GET' || isServerPath || STATIC_FILE.test(url)) {
      return notFound(req.method, url, reply);
    }
    // The home page's HTML is written at build time (decision 070); every other screen starts from the empty index.html.
    const page = url === '/' && hasHome ? 'home.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
