import { z } from 'zod';
import { usernameSchema } from './common';

/** Why a login came back to /login; the login page shows the matching toast (spec §8). */
export const LOGIN_FAILURES = ['auth-failed', 'server-error', 'banned'] as const;
export type LoginFailure = (typeof LOGIN_FAILURES)[number];
export const isLoginFailure = (value: unknown): value is LoginFailure =>
  typeof value === 'string' && (LOGIN_FAILURES as readonly string[]).includes(value);

/** Checked against the locale list where it is used; an unknown value means English. */
const localeField = z.string().max(8).optional();

export const loginStartQuerySchema = z.object({ locale: localeField });

export const loginCallbackQuerySchema = z.object({ privateCode: z.string().min(1).max(512) });

/** The confirm and cancel forms on /confirm-login. */
export const loginTokenFormSchema = z.object({
  token: z.string().regex(/^[a-z2-7]{32}$/),
  locale: localeField,
});

export const devLoginFormSchema = z.object({ username: usernameSchema, locale: localeField });

export const removeSessionQuerySchema = z.object({ token: z.string().min(1).max(512).optional() });
