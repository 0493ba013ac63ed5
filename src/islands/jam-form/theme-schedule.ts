/**
 * "Theme chosen by the community" in the jam form (ADR 043): the form's fields of the schedule, what
 * the form sends, and the schedule's rules checked before sending by the API's own function.
 */
import { fromDatetimeLocal, toDatetimeLocal } from '#lib/datetime-local';
import {
  THEME_SCHEDULE_MESSAGES,
  type ThemeDateField,
  type ThemeRoundsDto,
  type ThemeRoundsInput,
  type ThemeScheduleIssue,
  themeScheduleIssue,
} from '#lib/schemas/themes';
import { DEFAULT_THEME_FINALISTS } from '#lib/themes';

/** The form's field of each part of the schedule. */
export const THEME_FIELDS = {
  suggestFrom: 'themeSuggestFrom',
  round1From: 'themeRound1From',
  finalFrom: 'themeFinalFrom',
  closesAt: 'themeClosesAt',
  finalists: 'themeFinalists',
} as const satisfies Record<ThemeDateField | 'finalists', string>;
export type ThemeField = (typeof THEME_FIELDS)[keyof typeof THEME_FIELDS];
const THEME_VALUES = ['themeRounds', ...Object.values(THEME_FIELDS)] as const;
const THEME_RULES: readonly string[] = Object.keys(THEME_SCHEDULE_MESSAGES);

/** The form's field of an API field (`closesAt` → `themeClosesAt`; the jam's `startsAt` stays). */
export const themeFieldOf = (part: unknown): ThemeField | 'startsAt' =>
  part === 'startsAt' ? 'startsAt' : (THEME_FIELDS[part as keyof typeof THEME_FIELDS] ?? 'themeClosesAt');

/** The form's values of the schedule: the jam's when editing one with theme rounds, else empty with 16 finalists. */
export const initialThemeValues = (themeRounds: boolean, schedule: ThemeRoundsDto | null | undefined) => ({
  themeRounds,
  themeSuggestFrom: toDatetimeLocal(schedule?.suggestFrom),
  themeRound1From: toDatetimeLocal(schedule?.round1From),
  themeFinalFrom: toDatetimeLocal(schedule?.finalFrom),
  themeClosesAt: toDatetimeLocal(schedule?.closesAt),
  themeFinalists: String(schedule?.finalists ?? DEFAULT_THEME_FINALISTS),
});
type ThemeValues = ReturnType<typeof initialThemeValues>;

/**
 * The `themeRounds` part of the request, or nothing: sent when creating with the option on, or when
 * an edit changed it (PATCH: only what changed), never once the jam has started.
 */
export function themePayload(values: ThemeValues, initial: ThemeValues, creating: boolean, locked: boolean) {
  const changed = creating
    ? values.themeRounds
    : values.themeRounds !== initial.themeRounds ||
      (values.themeRounds && THEME_VALUES.some((key) => values[key] !== initial[key]));
  if (locked || !changed) return {};
  const date = (value: string) => (value ? fromDatetimeLocal(value) : undefined);
  return {
    themeRounds: values.themeRounds
      ? {
          enabled: true,
          suggestFrom: date(values.themeSuggestFrom),
          round1From: date(values.themeRound1From),
          finalFrom: date(values.themeFinalFrom),
          closesAt: date(values.themeClosesAt),
          finalists: values.themeFinalists === '' ? Number.NaN : Number(values.themeFinalists),
        }
      : { enabled: false },
  };
}

/**
 * The rule a valid-looking request would break, as the API would say it: the schedule sent against
 * the start, or (not sent) the stored schedule against a moved start.
 */
export function themeIssueBeforeSending(
  data: { startsAt?: Date; themeRounds?: ThemeRoundsInput },
  jam: { startsAt: string; themeRounds: boolean } | undefined,
  stored: ThemeRoundsDto | null | undefined,
): ThemeScheduleIssue | null {
  if (!data.startsAt) return null;
  if (data.themeRounds) {
    return themeScheduleIssue(data.themeRounds, data.startsAt, { lockedFrom: jam ? new Date(jam.startsAt) : null });
  }
  if (!jam?.themeRounds || !stored?.closesAt) return null;
  const at = (value: string | null) => (value ? new Date(value) : undefined);
  const schedule = {
    enabled: true,
    suggestFrom: at(stored.suggestFrom),
    round1From: at(stored.round1From),
    finalFrom: at(stored.finalFrom),
    closesAt: at(stored.closesAt),
  };
  return themeScheduleIssue(schedule, data.startsAt, { startMoved: true });
}

/** A schedule rule the API refused (another tab changed the jam meanwhile), from its error body, or null. */
export function themeIssueOfError(body: unknown): Pick<ThemeScheduleIssue, 'rule' | 'field'> | null {
  const error = (body as { error?: { field?: unknown; rule?: unknown } } | undefined)?.error;
  if (typeof error?.field !== 'string' || !THEME_RULES.includes(String(error.rule))) return null;
  return {
    rule: error.rule as ThemeScheduleIssue['rule'],
    field: error.field.replace('themeRounds.', '') as ThemeScheduleIssue['field'],
  };
}
