import type { ErrorResponse } from '@careslot/contracts/errors';
import { takeEarlyAnswer } from './first-screen';
import { mightRefresh, refreshSession } from './session';

function errorDetails(body: unknown): ErrorResponse | null {
  const b = body as Partial<ErrorResponse> | null;
  return b && typeof b === 'object' && typeof b.message === 'string' ? (b as ErrorResponse) : null;
}

/** Error thrown for any non-2xx answer; `message` is the server's message for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** An error answer: its message is the API's own when the body is an API error, else `fallback`. */
  static fromAnswer(status: number, body: unknown, fallback = 'Something went wrong. Please try again.'): ApiError {
    return new ApiError(status, errorDetails(body)?.message ?? fallback, body);
  }
  /** The body as the API writes every error, or null when the answer was something else (a proxy's page, say). */
  get details(): ErrorResponse | null {
    return errorDetails(this.body);
  }
  get fields(): Record<string, string> | undefined {
    return this.details?.fields;
  }
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body (or FormData, sent as is). */
  body?: unknown;
}

/** The URL apiFetch asks for `url` with `query` (empty values left out). */
export function withQuery(url: string, query?: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** fetch with JSON in and out, cookies included, and errors as ApiError. */
/** Calls that must never trigger a silent token refresh (they are the session calls themselves). */
const NO_REFRESH = /^\/api\/(user-login|demo-login|token\/refresh|user-logout)\b/;

export async function apiFetch<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  try {
    return await apiFetchOnce<T>(url, opts);
  } catch (err) {
    // The 15-minute access token lapsed during a visit: refresh once, then retry the call once.
    if (err instanceof ApiError && err.status === 401 && !NO_REFRESH.test(url) && mightRefresh() && (await refreshSession())) {
      return apiFetchOnce<T>(url, opts);
    }
    throw err;
  }
}

async function apiFetchOnce<T>(url: string, opts: RequestOptions): Promise<T> {
  const { query, body, headers, ...rest } = opts;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const target = withQuery(url, query);
  // The first screen's GET calls may have been asked for already, before the entry chunk ran (lib/first-screen.ts).
  const early = !rest.method && body === undefined && !headers ? takeEarlyAnswer(target) : undefined;
  const res = await (early ??
    fetch(target, {
      credentials: 'include',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    }));
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    throw ApiError.fromAnswer(res.status, data);
  }
  return data as T;
}
