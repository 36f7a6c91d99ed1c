import { notFound } from '@tanstack/react-router';
import { toApiError } from './api-error';

/** Awaits what a route's loader fetches; the server's 404 becomes the route's not-found page, other errors stay. */
export async function orNotFound<T>(fetching: Promise<T>): Promise<T> {
  try {
    return await fetching;
  } catch (e) {
    if (toApiError(e).status === 404) throw notFound();
    throw e;
  }
}
