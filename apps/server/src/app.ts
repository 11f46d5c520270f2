import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/client';
import { createChainRuntime } from './chain';
import { applyChainSettingsFromEnvironment } from './services/admin/settings';
import { deriveKeys, type AppDeps } from './deps';
import { createOutbox } from './email/outbox';
import { lazyRequestLogger } from './lib/lazy-request-logger';
import { errorsPlugin } from './plugins/errors';
import { inFlightPlugin } from './plugins/in-flight';
import { metricsPlugin } from './plugins/metrics';
import { requestDeadlinesPlugin, SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './plugins/request-deadlines';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { secretGuardPlugin } from './plugins/secret-guard';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import type { App } from './plugins/types';
import { webPlugin } from './plugins/web';
import { registerRoutes } from './routes';
import { startJobs } from './jobs';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Clock override for tests. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Shorter timeouts for tests (SERVER_TIMEOUTS otherwise). */
  timeouts?: Partial<ServerTimeouts>;
}

/** Request bodies larger than this are refused with 413 (uploads have their own limits). */
export const BODY_LIMIT_BYTES = 256 * 1024;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.token',
        '*.loginCode',
        '*.code',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // A failed query's error carries its parameters (password hashes, token hashes): keep them out.
      err: (error: Error) => scrubQueryParams(pino.stdSerializers.err(error)) as ReturnType<typeof pino.stdSerializers.err>,
      // Email-link tokens travel in the path (pages and API): never write them to the log.
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: request.url.replace(SECRET_PATH, '/$1/[redacted]'),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

function scrubQueryParams(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(/\nparams: [\s\S]*?(?=\n\s+at\s|$)/g, '\nparams: [redacted]');
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((inner) => scrubQueryParams(inner, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = key === 'params' ? '[redacted]' : scrubQueryParams(inner, depth + 1);
  return copy;
}

const SECRET_PATH = /\/(verifyUser|verify|resetPassword)\/[^/?#]+/gi;

/**
 * TRUST_PROXY as Fastify takes it. Fastify no longer honours a bare hop count (a client that
 * reaches the app directly could then write the address), so a count becomes the function it
 * stood for: the nearest `hops` peers are proxies.
 */
function fastifyTrustProxy(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * Outside production with no mail server, every email, codes and links included, goes to the
 * log so a fresh install can be used (PRODUCT.md, Email); in production the log holds no secrets.
 */
export function emailsGoToLog(config: Pick<Config, 'smtpUrl' | 'production'>): boolean {
  return !config.smtpUrl && !config.production;
}

/**
 * Plain text beside the JSON log lines, on the same output: an email as JSON (one line, its
 * newlines escaped) is unreadable in the terminal running `npm start`. Written at info level,
 * and not through the logger, whose redaction would hide the code the reader needs.
 */
function writeBesideLog(log: FastifyBaseLogger, text: string): void {
  const level = pino.levels.values[log.level];
  if (level !== undefined && level <= pino.levels.values.info!) process.stdout.write(text);
}

/** Builds the whole application without listening; server.ts and tests both use it. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...serverTimeoutOptions(timeouts),
    logger: options.logger ?? loggerOptions(config.logLevel),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // Every schema is zod: given here, Fastify never loads its JSON-schema compilers (ajv, fast-json-stringify) at start.
    schemaController: { compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => responseSerializerCompiler } as never },
  }).withTypeProvider<ZodTypeProvider>();

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    log: app.log,
    outbox: createOutbox({
      db: database.db,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      log: app.log,
      // The outbox worker runs with the jobs: an instance without them (the demo, RUN_JOBS=false) only stores.
      writeToLog: emailsGoToLog(config) && config.runJobs ? (block) => writeBesideLog(app.log, block) : undefined,
    }),
    now: options.now ?? (() => new Date()),
    keys: deriveKeys(config.secretKey),
    chain: createChainRuntime(config.chain),
  };
  app.decorate('deps', deps);
  await applyChainSettingsFromEnvironment(deps);

  await app.register(inFlightPlugin);
  await app.register(requestDeadlinesPlugin, timeouts);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    appUrl: config.appUrl,
    // /market-rates loads TradingView's widget script (the default chart service; its charts are frames).
    // Google sign-in (only when configured) loads Google's script and renders its button in a frame.
    extraScriptSources: ['https://s3.tradingview.com', ...(config.googleClientId ? ['https://accounts.google.com/gsi/client'] : [])],
    ...(config.googleClientId ? { extraFrameSources: ['https://accounts.google.com'] } : {}),
  });
  await app.register(cookie);
  await app.register(sessionPlugin);
  await app.register(secretGuardPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vaultline API', version: '1.0.0', description: 'The HTTP API the Vaultline web app uses.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  if (config.metricsToken) await app.register(metricsPlugin, { token: config.metricsToken });
  await registerRoutes(app);
  await app.register(webPlugin, { distDir: config.webDistDir });

  const stopJobs = config.runJobs ? startJobs(deps) : undefined;
  app.addHook('onClose', async () => {
    await stopJobs?.();
    await deps.outbox.stop();
  });
  return app;
}
