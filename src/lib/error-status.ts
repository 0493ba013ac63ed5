/** Spec §8: a route error's status is its statusCode, status or response status, else 500. */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object') {
    const candidate = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const value of [candidate.statusCode, candidate.status, candidate.response?.status]) {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

/** The message to show: the error's own for client errors, a generic one for server errors. */
export function errorMessage(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  if (status < 500 && error instanceof Error && error.message) return error.message;
  return fallback;
}
