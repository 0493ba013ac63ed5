import type { JamVersionMode } from '#lib/jam-version';
import { useId, useState } from 'react';
import { ApiError, api } from '#client/api-client';
import { fromDatetimeLocal, toDatetimeLocal } from '#lib/datetime-local';
import { INVALID_URL_MESSAGE, REQUIRED_MESSAGE } from '#lib/schemas/common';
import { type JamDto, jamCreateSchema, jamUpdateSchema } from '#lib/schemas/jams';
import { type CriterionInput } from '#lib/schemas/jams';
import type { JamQuestion, QuestionKind } from '#lib/questions';
import {
  DEFAULT_CRITERIA,
  DEFAULT_MIN_RATINGS,
  type JudgingMode,
  type ResultsMode,
  type WhoCanVote,
  type WhoJudges,
} from '#lib/judging';
import type { FeedbackMode } from '#lib/feedback';
import { type JamRequestDto, jamRequestCreateSchema, jamRequestUpdateSchema } from '#lib/schemas/jam-requests';
import type { ThemeRoundsDto, ThemeScheduleIssue } from '#lib/schemas/themes';
import { useT } from '#i18n/react';
import type { Translate } from '#i18n/setup';
import { textRefusalOf } from '#lib/text-refusals';
import { HEX_COLOUR, checkAccent } from '#lib/jam-colours';
import { pushToastAfterNavigation } from '#stores/toasts';
import { reportFailure } from '#client/report-failure';
import {
  type ThemeField,
  initialThemeValues,
  themeFieldOf,
  themeIssueBeforeSending,
  themeIssueOfError,
  themePayload,
} from './theme-schedule';

export type Field =
  | 'name'
  | 'description'
  | 'body'
  | 'imageUrl'
  | 'accentColor'
  | 'bannerUrl'
  | 'startsAt'
  | 'endsAt'
  | 'votingEndsAt'
  | 'note'
  | 'criteria'
  | 'minRatings'
  | 'questions'
  | ThemeField;
type Flag = 'mystery' | 'refuseOldProjects' | 'playBeforeVote' | 'hiddenEntries' | 'judgeJamVersion' | 'themeRounds';
const FLAGS: readonly string[] = [
  'mystery',
  'refuseOldProjects',
  'playBeforeVote',
  'hiddenEntries',
  'judgeJamVersion',
  'themeRounds',
] satisfies Flag[];
/** A submission question as the form edits it: choices one per line (ADR 042). */
export interface QuestionDraft {
  id?: number;
  kind: QuestionKind;
  prompt: string;
  choices: string;
  required: boolean;
  private: boolean;
}
const toDraft = (q: JamQuestion): QuestionDraft => ({ ...q, choices: q.choices.join('\n') });
const fromDraft = ({ choices, ...q }: QuestionDraft) => ({
  ...q,
  choices:
    q.kind === 'choice'
      ? choices
          .split('\n')
          .map((c) => c.trim())
          .filter(Boolean)
      : [],
});

/** Create a jam, edit one, ask the administrators for one, or review such a request. */
export type Mode = 'create' | 'edit' | 'request' | 'review';

const SCHEMAS = {
  create: jamCreateSchema,
  edit: jamUpdateSchema,
  request: jamRequestCreateSchema,
  review: jamRequestUpdateSchema,
} as const;

export interface JamFormOptions {
  /** Editing an existing jam (in the manager tools modal) instead of creating one. */
  jam?: JamDto;
  /** Editing a jam whose theme the community chooses: its schedule (`GET …/theme`). */
  themeSchedule?: ThemeRoundsDto | null;
  /**
   * An administrator reviewing a pending jam request (in the jam requests queue): the form edits the
   * request; "Save changes" keeps the edits, "Approve" keeps them and creates the jam.
   */
  request?: JamRequestDto;
  /** A user asking the administrators for a jam: the form has a note and sends a jam request. */
  asRequest?: boolean;
  /** Where to go after saving: `{slug}` is replaced by the saved jam's slug. */
  redirectTo?: string;
  /** Reviewing: the request as the server has it after saving (`approved`: and approving). */
  onReviewed?: (request: JamRequestDto, approved: boolean) => void;
}

/** The form's state and its submit: validated with the same zod schema as the API, then sent for its mode. */
export function useJamForm({ jam, themeSchedule, request, asRequest = false, redirectTo = '', onReviewed }: JamFormOptions) {
  const t = useT();
  const id = useId();
  const mode: Mode = jam ? 'edit' : request ? 'review' : asRequest ? 'request' : 'create';
  const source = jam ?? request;
  const [initial] = useState(() => ({
    name: source?.name ?? '',
    description: source?.description ?? '',
    body: source?.body ?? '',
    imageUrl: source?.imageUrl ?? '',
    accentColor: jam?.accentColor ?? '',
    bannerUrl: jam?.bannerUrl ?? '',
    startsAt: toDatetimeLocal(source?.startsAt),
    endsAt: toDatetimeLocal(source?.endsAt),
    mystery: source?.mystery ?? false,
    votingEndsAt: toDatetimeLocal(jam?.votingEndsAt ?? undefined),
    whoCanVote: jam?.whoCanVote ?? ('anyone' as WhoCanVote),
    refuseOldProjects: jam?.refuseOldProjects ?? false,
    playBeforeVote: jam?.playBeforeVote ?? false,
    feedback: jam?.feedback ?? ('notes' as FeedbackMode),
    judging: jam?.judging ?? ('upvotes' as JudgingMode),
    whoJudges: jam?.whoJudges ?? ('community' as WhoJudges),
    criteria: (jam?.criteria ?? DEFAULT_CRITERIA.map(({ name }) => ({ name }))) as CriterionInput[],
    minRatings: String(jam?.minRatings ?? DEFAULT_MIN_RATINGS),
    questions: (jam?.questions ?? []).map(toDraft),
    results: jam?.results ?? ('automatic' as ResultsMode),
    hiddenEntries: jam?.hiddenEntries ?? false,
    jamVersion: jam?.jamVersion ?? ('off' as JamVersionMode),
    judgeJamVersion: jam?.judgeJamVersion ?? false,
    ...initialThemeValues(jam?.themeRounds ?? false, themeSchedule),
    note: '',
  }));
  // Fair judging's options belong to jams; a jam request carries the jam's main fields only.
  const judging = mode === 'create' || mode === 'edit';
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  /** The theme rounds cannot change once the jam has started (the API answers 409). */
  const [themeLocked] = useState(() => mode === 'edit' && Boolean(jam) && Date.now() >= Date.parse(jam!.startsAt));

  /** A broken schedule rule, said at its date in the reader's language (and as a toast). */
  function showThemeIssue(issue: Pick<ThemeScheduleIssue, 'rule' | 'field'>) {
    const message = t(`jamForm.themeError.${issue.rule}`);
    setErrors({ [themeFieldOf(issue.field)]: message });
    reportFailure(message, null, { quiet: true });
  }

  const set = (field: keyof typeof values) => (event: { target: { value: string; checked?: boolean } }) =>
    setValues({ ...values, [field]: FLAGS.includes(field) ? Boolean(event.target.checked) : event.target.value });
  /** The criteria editor's changes (ADR 039): kept criteria keep their ids, new ones have none. */
  const setCriteria = (criteria: CriterionInput[]) => setValues({ ...values, criteria });
  /** The questions editor's changes (ADR 042): kept questions keep their ids, new ones have none. */
  const setQuestions = (questions: QuestionDraft[]) => setValues({ ...values, questions });

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    const approving = (event.nativeEvent as SubmitEvent).submitter?.dataset.intent === 'approve';
    const payload = {
      name: values.name,
      description: values.description,
      body: values.body,
      imageUrl: values.imageUrl,
      startsAt: fromDatetimeLocal(values.startsAt),
      endsAt: fromDatetimeLocal(values.endsAt),
      ...(mode === 'edit' ? {} : { mystery: values.mystery }),
      ...(judging
        ? {
            accentColor: values.accentColor.trim(),
            bannerUrl: values.bannerUrl,
            votingEndsAt: values.votingEndsAt ? fromDatetimeLocal(values.votingEndsAt) : null,
            whoCanVote: values.whoCanVote,
            refuseOldProjects: values.refuseOldProjects,
            playBeforeVote: values.playBeforeVote,
            feedback: values.feedback,
            judging: values.judging,
            whoJudges: values.whoJudges,
            ...(values.judging === 'ratings'
              ? { criteria: values.criteria, minRatings: values.minRatings === '' ? Number.NaN : Number(values.minRatings) }
              : {}),
            questions: values.questions.map(fromDraft),
            results: values.results,
            hiddenEntries: values.hiddenEntries,
            jamVersion: values.jamVersion,
            judgeJamVersion: values.jamVersion !== 'off' && values.judgeJamVersion,
            ...themePayload(values, initial, mode === 'create', themeLocked),
          }
        : {}),
      ...(mode === 'request' ? { note: values.note } : {}),
    };
    const parsed = SCHEMAS[mode].safeParse(payload);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'themeRounds') {
          const field = themeFieldOf(issue.path[1]);
          found[field] ??= field === 'themeFinalists' ? t('jamForm.themeError.finalists') : t('jamForm.themeError.missing');
        } else found[issue.path[0] as Field] ??= issue.message;
      }
      // A colour that is hard to see (ADR 049): said in the reader's language, with the nearest one that works.
      if (found.accentColor) found.accentColor = accentRefusal(t, values.accentColor) ?? found.accentColor;
      setErrors(found);
      const messages = Object.values(found);
      reportFailure(
        messages.includes(REQUIRED_MESSAGE)
          ? REQUIRED_MESSAGE
          : messages.includes(INVALID_URL_MESSAGE)
            ? INVALID_URL_MESSAGE
            : messages[0]!,
        null,
        { quiet: true },
      );
      return;
    }
    // The schedule's rules, by the function the API checks them with (ADR 043), before anything is sent.
    if (judging) {
      const issue = themeIssueBeforeSending(parsed.data as Parameters<typeof themeIssueBeforeSending>[0], jam, themeSchedule);
      if (issue) return showThemeIssue(issue);
    }
    setErrors({});
    setSaving(true);
    try {
      if (request) {
        // Only what the administrator changed is sent (and audited); approving sends the edits first.
        const changed = Object.fromEntries(
          (['name', 'description', 'body', 'imageUrl', 'startsAt', 'endsAt', 'mystery'] as const)
            .filter((key) => values[key] !== initial[key])
            .map((key) => [key, payload[key]]),
        );
        const base = `/jam-requests/${request.id}`;
        let saved = request;
        if (Object.keys(changed).length > 0) saved = await api<JamRequestDto>(base, { method: 'PATCH', body: changed });
        if (approving) saved = await api<JamRequestDto>(`${base}/approve`, { method: 'POST' });
        setSaving(false);
        onReviewed?.(saved, approving);
        return;
      }
      if (mode === 'request') {
        await api<JamRequestDto>('/jam-requests', { method: 'POST', body: payload });
        pushToastAfterNavigation({ type: 'success', content: { message: t('jamRequest.sent') } });
        window.location.assign(redirectTo);
        return;
      }
      const saved = await api<JamDto>(jam ? `/jams/${encodeURIComponent(jam.slug)}` : '/jams', {
        method: jam ? 'PATCH' : 'POST',
        body: payload,
      });
      pushToastAfterNavigation({
        type: 'success',
        // A description or body the guard held waits for an administrator; the old one shows meanwhile.
        content: { message: saved.waiting?.length ? t('jamForm.held') : jam ? t('jamForm.updated') : t('jamForm.created') },
      });
      window.location.assign(redirectTo.replace('{slug}', saved.slug));
    } catch (error) {
      setSaving(false);
      // A text the filter refused (issue 41): said at its field, in the reader's language, never the words.
      const refusal = error instanceof ApiError ? textRefusalOf(error.code, error.body) : null;
      if (refusal) {
        const message = t(`common.refused.${refusal.rule}`);
        setErrors({ [refusal.field as Field]: message });
        reportFailure(message, null, { quiet: true });
        return;
      }
      // A schedule the server refused (another tab changed the jam meanwhile): said at its date.
      const refused = error instanceof ApiError ? themeIssueOfError(error.body) : null;
      if (refused) return showThemeIssue(refused);
      console.error(mode === 'request' ? t('jamRequest.failed') : t('jamForm.failed'), error);
      reportFailure(null, error, { quiet: true });
    }
  }

  /** The ids that describe a field's control: its hint (when it has one) and its error (when it shows one). */
  const describedBy = (name: Field, hint = false) =>
    [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  return { id, mode, judging, values, errors, saving, themeLocked, set, setCriteria, setQuestions, submit, describedBy };
}

export type JamFormState = ReturnType<typeof useJamForm>;

/** Why a colour is refused, with the nearest colour that passes; null when it passes or is not a colour. */
export function accentRefusal(t: Translate, colour: string): string | null {
  const value = colour.trim();
  if (!HEX_COLOUR.test(value)) return null;
  const check = checkAccent(value);
  if (check.ok) return null;
  return t('jamForm.accentRefused', {
    scheme: t(`jamForm.scheme.${check.worst.scheme}`),
    ratio: check.worst.ratio,
    suggestion: check.suggestion,
  });
}
