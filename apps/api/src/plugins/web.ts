import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** API and server-only prefixes: unknown paths under them are 404 JSON, never the SPA. */
const SERVER_PREFIXES = ['/api/', '/user/', '/provider/', '/staff/', '/dev/', '/sandbox/', '/webhooks/', '/uploads/', '/metrics'];

function notFound(method: string, url: string, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ status: false, statusCode: 404, error: 'NOT_FOUND', message: `No route for ${method} ${url.split('?')[0]}.` });
}

/** Paths that name a static file: a miss is a 404, not the SPA (a distance like /2.5 is not a file). */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|txt|xml|webmanifest|woff2?|ttf|br|gz)$/i;

/** The web build's server entry (apps/web/build/prerender-entry.tsx, built to `dist/server/render.mjs`; decision 081). */
interface ServerEntry {
  /** The GET calls the screen at this address makes on arrival, or null when it is not rendered at request time. */
  firstScreenCalls(url: string, cookie: string): string[] | null;
  /** The page rendered with those answers (2xx bodies by URL), or null when it cannot be rendered from them. */
  renderPage(url: string, cookie: string, answers: Record<string, unknown>): Promise<string | null>;
}

const SERVER_DIR = 'server';

/** How long a request-time page waits for its API answers before the plain index.html is sent instead. */
export const RENDER_ANSWERS_BOUND_MS = 1_000;

async function loadServerEntry(app: FastifyInstance, webDist: string): Promise<ServerEntry | null> {
  const file = path.join(webDist, SERVER_DIR, 'render.mjs');
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (err) {
    app.log.warn({ err, file }, 'web server entry failed to load; /results and profiles start from index.html');
    return null;
  }
}

function within<T>(ms: number, work: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * `/results?…` or a profile rendered at request time (decision 081): the GET calls its first screen makes on arrival
 * are answered by this app's own routes on the visitor's behalf (`inject`: same address, same cookies, so the per-IP
 * search budget and every check apply exactly as for the browser's call), and the page is rendered with them. Null —
 * send the plain index.html — when the address is not such a screen, an answer is not a 2xx (refused, rate limited,
 * not found), sets a cookie (the browser must receive it from its own call), or is later than the bound.
 */
async function renderAtRequestTime(app: FastifyInstance, entry: ServerEntry, req: FastifyRequest): Promise<string | null> {
  const cookie = req.headers.cookie ?? '';
  const calls = entry.firstScreenCalls(req.url, cookie);
  if (!calls) return null;
  const headers: Record<string, string> = { accept: 'application/json', cookie };
  const userAgent = req.headers['user-agent'];
  if (userAgent) headers['user-agent'] = userAgent;
  const answers = await within(
    RENDER_ANSWERS_BOUND_MS,
    Promise.all(calls.map((url) => app.inject({ method: 'GET', url, headers, remoteAddress: req.ip }))),
  );
  if (!answers) {
    req.log.info({ calls }, 'request-time render: answers later than the bound; sending index.html');
    return null;
  }
  const refused = answers.find((a) => a.statusCode < 200 || a.statusCode > 299 || a.headers['set-cookie'] !== undefined);
  if (refused) return null;
  const byUrl = Object.fromEntries(calls.map((url, i) => [url, answers[i]!.json() as unknown]));
  return entry.renderPage(req.url, cookie, byUrl);
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, SPA fallback; `/` from its
 * build-time HTML (decision 070), `/results?…` and profiles rendered at request time when the build has a server
 * entry (decision 081).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWebApp = existsSync(index);
  if (!hasWebApp) {
    app.log.warn({ webDist }, 'web app not built; serving the API only (run npm run build)');
    app.setNotFoundHandler((req, reply) => notFound(req.method, req.url, reply));
    return;
  }
  const hasHome = existsSync(path.join(webDist, 'home.html'));
  const serverEntry = await loadServerEntry(app, webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The server entry and its page templates are for this process, not for browsers: no route is made for them.
    // Nor for the compressed copies, which are sent in place of their file (below).
    globIgnore: [`${SERVER_DIR}/**`, '**/*.br', '**/*.gz'],
    // The build writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best level) beside each text file
    // (apps/web/build/precompress.ts): sent as they are, chosen by Accept-Encoding, instead of compressing on every
    // request with a fast setting that gives larger bytes (decision 089). Files without them are compressed on the fly.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  // The screens a visit starts on have routes of their own, so their pages are compressed like any other answer (a
  // not-found handler's are not): `/` from its build-time HTML (decision 070), the results and profiles rendered at
  // request time when the build has a server entry (decision 081), else the empty index.html.
  const sendScreen = async (req: FastifyRequest, reply: FastifyReply) => {
    // A HEAD (a link checker, a monitor) must not spend the visitor's search budget: it gets the plain page's headers.
    if (serverEntry && req.method === 'GET') {
      const page = await renderAtRequestTime(app, serverEntry, req).catch((err: unknown) => {
        req.log.error({ err }, 'request-time render failed; sending index.html');
        return null;
      });
      // Rendered for this visitor (their cookies, their address's search budget): no shared cache may keep it.
      if (page)
        return reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie').type('text/html; charset=utf-8').send(page);
    }
    const file = req.routeOptions.url === '/' && hasHome ? 'home.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(file);
  };
  for (const route of ['/', '/results', '/doctor-profile/:id/:distance']) app.get(route, sendScreen);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const isServerPath = SERVER_PREFIXES.some((p) => url.startsWith(p) || url === p.replace(/\/$/, ''));
    if (req.method !== 'GET' || isServerPath || STATIC_FILE.test(url)) {
      return notFound(req.method, url, reply);
    }
    // Every other screen starts from the empty index.html.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
