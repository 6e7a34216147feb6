import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Logger options as an object (Fastify also takes a boolean). */
type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

import type { Config } from '../config/config';

/** Query parameters whose values are secrets: never accepted as credentials, and never logged. */
const secretParameters = /^(token|verificationToken|password|confirmPassword|currentPassword|newPassword)$/i;

/** The URL as logged: secret-looking query values replaced, so a pasted link cannot leak through logs. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...query.keys()]) {
    if (secretParameters.test(name)) query.set(name, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${query.toString()}`;
}

type SerializedError = {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  params?: unknown;
  cause?: SerializedError;
};

/**
 * An error as logged. A failed database statement carries its parameters (a password hash, an email,
 * what someone typed) in a `params` field and in its message: the statement is logged, its
 * parameters never are, in the error or in any error that caused it.
 */
export function loggableError(error: unknown): SerializedError {
  const serialized = stdSerializers.err(error as Error) as unknown as SerializedError;
  return withoutParameters(serialized);
}

function withoutParameters(error: SerializedError): SerializedError {
  if (typeof error !== 'object' || error === null) return error;
  const { params: _params, cause, ...rest } = error;
  const strip = (text: unknown) =>
    typeof text === 'string' ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '') : text;
  return {
    ...rest,
    message: strip(rest.message) as string,
    stack: strip(rest.stack) as string,
    ...(cause ? { cause: withoutParameters(cause) } : {}),
  };
}

/**
 * JSON logs, one line per event, each request's lines carrying its `reqId`. Bodies are never logged,
 * headers only through this serializer (no Authorization, no Cookie), and `redact` removes any
 * password or token a log call passes by mistake.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.confirmPassword',
        '*.token',
        '*.verificationToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: loggableError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}
