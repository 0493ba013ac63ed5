import { useId, useState } from 'react';
import { ApiError, api } from '#client/api-client';
import { fromDatetimeLocal, toDatetimeLocal } from '#lib/datetime-local';
import { INVALID_URL_MESSAGE, REQUIRED_MESSAGE } from '#lib/schemas/common';
import { type JamDto, jamCreateSchema, jamUpdateSchema } from '#lib/schemas/jams';
import { WHO_CAN_VOTE, type WhoCanVote } from '#lib/judging';
import { FEEDBACK_MODES, type FeedbackMode } from '#lib/feedback';
import {
  JAM_REQUEST_NOTE_MAX,
  type JamRequestDto,
  jamRequestCreateSchema,
  jamRequestUpdateSchema,
} from '#lib/schemas/jam-requests';
import { useT } from '#i18n/react';
import { httpUrlOrNull } from '#lib/safe-url';
import Picture from '#components/ui/Picture.tsx';
import { useHydrated } from './ui/use-hydrated';
import { pushNotification, pushNotificationAfterNavigation } from '#stores/notifications';
import styles from './JamForm.module.css';

interface Props {
  /** Editing an existing jam (in the manager tools modal) instead of creating one. */
  jam?: JamDto;
  /**
   * An administrator reviewing a pending jam request (in the jam requests queue): the form edits the
   * request; "Save changes" keeps the edits, "Approve" keeps them and creates the jam.
   */
  request?: JamRequestDto;
  /** A user asking the administrators for a jam: the form has a note and sends a jam request. */
  asRequest?: boolean;
  /** Where to go after saving: `{slug}` is replaced by the saved jam's slug. */
  redirectTo?: string;
  onCancel?: () => void;
  /** Reviewing: the request as the server has it after saving (`approved`: and approving). */
  onReviewed?: (request: JamRequestDto, approved: boolean) => void;
  /** Reviewing: the Decline button. */
  onDecline?: () => void;
}

type Field = 'name' | 'description' | 'body' | 'imageUrl' | 'startsAt' | 'endsAt' | 'votingEndsAt' | 'note';
type Flag = 'mystery' | 'refuseOldProjects' | 'playBeforeVote';
const FLAGS: readonly string[] = ['mystery', 'refuseOldProjects', 'playBeforeVote'] satisfies Flag[];
type Mode = 'create' | 'edit' | 'request' | 'review';

const SCHEMAS = {
  create: jamCreateSchema,
  edit: jamUpdateSchema,
  request: jamRequestCreateSchema,
  review: jamRequestUpdateSchema,
} as const;

/**
 * Create or edit a game jam, ask the administrators for one, or review such a request; validated
 * with the same zod schema as the API.
 */
export default function JamForm({ jam, request, asRequest = false, redirectTo = '', onCancel, onReviewed, onDecline }: Props) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const mode: Mode = jam ? 'edit' : request ? 'review' : asRequest ? 'request' : 'create';
  const source = jam ?? request;
  const [initial] = useState(() => ({
    name: source?.name ?? '',
    description: source?.description ?? '',
    body: source?.body ?? '',
    imageUrl: source?.imageUrl ?? '',
    startsAt: toDatetimeLocal(source?.startsAt),
    endsAt: toDatetimeLocal(source?.endsAt),
    mystery: source?.mystery ?? false,
    votingEndsAt: toDatetimeLocal(jam?.votingEndsAt ?? undefined),
    whoCanVote: jam?.whoCanVote ?? ('anyone' as WhoCanVote),
    refuseOldProjects: jam?.refuseOldProjects ?? false,
    playBeforeVote: jam?.playBeforeVote ?? false,
    feedback: jam?.feedback ?? ('notes' as FeedbackMode),
    note: '',
  }));
  // Fair judging's options belong to jams; a jam request carries the jam's main fields only.
  const judging = mode === 'create' || mode === 'edit';
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [tab, setTab] = useState<'markdown' | 'preview'>('markdown');
  const [previewHtml, setPreviewHtml] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string; checked?: boolean } }) =>
    setValues({ ...values, [field]: FLAGS.includes(field) ? Boolean(event.target.checked) : event.target.value });

  async function showPreview() {
    setTab('preview');
    try {
      const { html } = await api<{ html: string }>('/markdown-preview', { method: 'POST', body: { markdown: values.body } });
      setPreviewHtml(html);
    } catch (error) {
      setPreviewHtml(null);
      pushNotification({ type: 'error', content: { message: error instanceof ApiError ? error.message : String(error) } });
    }
  }

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
            votingEndsAt: values.votingEndsAt ? fromDatetimeLocal(values.votingEndsAt) : null,
            whoCanVote: values.whoCanVote,
            refuseOldProjects: values.refuseOldProjects,
            playBeforeVote: values.playBeforeVote,
            feedback: values.feedback,
          }
        : {}),
      ...(mode === 'request' ? { note: values.note } : {}),
    };
    const parsed = SCHEMAS[mode].safeParse(payload);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const messages = Object.values(found);
      pushNotification({
        type: 'error',
        content: {
          message: messages.includes(REQUIRED_MESSAGE)
            ? REQUIRED_MESSAGE
            : messages.includes(INVALID_URL_MESSAGE)
              ? INVALID_URL_MESSAGE
              : messages[0]!,
        },
      });
      return;
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
        pushNotificationAfterNavigation({ type: 'success', content: { message: t('jamRequest.sent') } });
        window.location.assign(redirectTo);
        return;
      }
      const saved = await api<JamDto>(jam ? `/jams/${encodeURIComponent(jam.slug)}` : '/jams', {
        method: jam ? 'PATCH' : 'POST',
        body: payload,
      });
      pushNotificationAfterNavigation({
        type: 'success',
        content: { message: jam ? t('jamForm.updated') : t('jamForm.created') },
      });
      window.location.assign(redirectTo.replace('{slug}', saved.slug));
    } catch (error) {
      setSaving(false);
      const message = error instanceof ApiError ? error.message : String(error);
      console.error(mode === 'request' ? t('jamRequest.failed') : t('jamForm.failed'), error);
      pushNotification({ type: 'error', content: { message } });
    }
  }

  const field = (name: Field, label: string, input: React.ReactNode, required = false, hint?: string) => (
    <div className={`field ${styles.field}${errors[name] ? ' invalid' : ''}`}>
      <label htmlFor={`${id}-${name}`}>
        {label} {required && <span className="required">{t('jamForm.required')}</span>}
      </label>
      {input}
      {hint && (
        <p className="hint" id={`${id}-${name}-hint`}>
          {hint}
        </p>
      )}
      {errors[name] && (
        <p className="field-error" id={`${id}-${name}-error`} role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const describedBy = (name: Field, hint = false) =>
    [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  const tabs = ['markdown', 'preview'] as const;
  const chooseTab = (next: (typeof tabs)[number]) => (next === 'preview' ? void showPreview() : setTab('markdown'));
  // The tab list is one stop for Tab; the arrow keys, Home and End move between the two tabs.
  const onTabKey = (event: React.KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    chooseTab(target);
    document.getElementById(`${id}-tab-${target}`)?.focus();
  };
  const cover = httpUrlOrNull(values.imageUrl.trim());

  return (
    <form className={`jam-form ${styles.form}`} onSubmit={submit} noValidate>
      {/* Until hydrated, a submit would reload the page and typing could be reset: keep it all disabled. */}
      <fieldset className={`form-fields ${styles.fields}`} disabled={!hydrated}>
        {field(
          'name',
          t('jamForm.name'),
          <input
            id={`${id}-name`}
            value={values.name}
            onChange={set('name')}
            maxLength={80}
            required
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
          />,
          true,
        )}
        {field(
          'description',
          t('jamForm.description'),
          <textarea
            id={`${id}-description`}
            value={values.description}
            onChange={set('description')}
            maxLength={300}
            rows={2}
            required
            aria-invalid={Boolean(errors.description)}
            aria-describedby={describedBy('description', true)}
          />,
          true,
          t('jamForm.descriptionHint'),
        )}
        <div className={`field ${styles.field}${errors.body ? ' invalid' : ''}`}>
          <span className="field-label" id={`${id}-body-label`}>
            {t('jamForm.body')}
          </span>
          <div role="tablist" aria-labelledby={`${id}-body-label`} className={`tab-list ${styles.tabs}`}>
            {tabs.map((name) => (
              <button
                key={name}
                id={`${id}-tab-${name}`}
                type="button"
                role="tab"
                className="tab"
                aria-selected={tab === name}
                aria-controls={`${id}-panel`}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => chooseTab(name)}
                onKeyDown={onTabKey}
              >
                {name === 'markdown' ? t('jamForm.markdown') : t('jamForm.preview')}
              </button>
            ))}
          </div>
          {tab === 'markdown' ? (
            <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-markdown`} className={styles.panel}>
              <textarea
                id={`${id}-body`}
                className={styles.body}
                aria-labelledby={`${id}-body-label`}
                aria-describedby={`${id}-body-hint`}
                value={values.body}
                onChange={set('body')}
                rows={12}
              />
            </div>
          ) : (
            <div
              role="tabpanel"
              id={`${id}-panel`}
              aria-labelledby={`${id}-tab-preview`}
              tabIndex={0}
              className={`markdown preview ${styles.panel} ${styles.preview}`}
              aria-live="polite"
              dangerouslySetInnerHTML={{ __html: previewHtml || `<p>${t('jamForm.previewEmpty')}</p>` }}
            />
          )}
          <p className="hint" id={`${id}-body-hint`}>
            {t('jamForm.bodyHint')}
          </p>
        </div>
        <div className={styles.imageRow}>
          {field(
            'imageUrl',
            t('jamForm.imageUrl'),
            <input
              id={`${id}-imageUrl`}
              type="url"
              inputMode="url"
              value={values.imageUrl}
              onChange={set('imageUrl')}
              placeholder="https://"
              aria-invalid={Boolean(errors.imageUrl)}
              aria-describedby={describedBy('imageUrl', true)}
            />,
            false,
            t('jamForm.imageHint'),
          )}
          <figure className={`image-preview ${styles.cover}`}>
            <Picture
              src={cover}
              seed={jam?.slug ?? (values.name.trim() || 'new-jam')}
              ratio="16 / 9"
              width={640}
              height={360}
              eager
            >
              {values.name.trim() && <span className={styles.coverName}>{values.name}</span>}
            </Picture>
            <figcaption className="hint">{t('jamForm.imagePreview')}</figcaption>
          </figure>
        </div>
        <div className={`field-row ${styles.row}`}>
          {field(
            'startsAt',
            t('jamForm.startsAt'),
            <input
              id={`${id}-startsAt`}
              type="datetime-local"
              value={values.startsAt}
              onChange={set('startsAt')}
              required
              aria-invalid={Boolean(errors.startsAt)}
              aria-describedby={describedBy('startsAt')}
            />,
            true,
          )}
          {field(
            'endsAt',
            t('jamForm.endsAt'),
            <input
              id={`${id}-endsAt`}
              type="datetime-local"
              value={values.endsAt}
              onChange={set('endsAt')}
              required
              aria-invalid={Boolean(errors.endsAt)}
              aria-describedby={describedBy('endsAt')}
            />,
            true,
          )}
        </div>
        {mode !== 'edit' && (
          <div className={`field ${styles.field} ${styles.mystery}`}>
            <label className="checkbox">
              <input type="checkbox" checked={values.mystery} onChange={set('mystery')} aria-describedby={`${id}-mystery-hint`} />{' '}
              {t('jamForm.mystery')}
            </label>
            <p className="hint" id={`${id}-mystery-hint`}>
              {t('jamForm.mysteryHint')}
            </p>
          </div>
        )}
        {judging && (
          <fieldset className={`judging ${styles.judging}`}>
            <legend>{t('jamForm.judging')}</legend>
            {field(
              'votingEndsAt',
              t('jamForm.votingEndsAt'),
              <input
                id={`${id}-votingEndsAt`}
                type="datetime-local"
                value={values.votingEndsAt}
                onChange={set('votingEndsAt')}
                aria-invalid={Boolean(errors.votingEndsAt)}
                aria-describedby={describedBy('votingEndsAt', true)}
              />,
              false,
              t('jamForm.votingEndsAtHint'),
            )}
            <div className={`field ${styles.field}`}>
              <label htmlFor={`${id}-whoCanVote`}>{t('jamForm.whoCanVote')}</label>
              <select id={`${id}-whoCanVote`} value={values.whoCanVote} onChange={set('whoCanVote')}>
                {WHO_CAN_VOTE.map((rule) => (
                  <option key={rule} value={rule}>
                    {t(`jamForm.whoCanVote.${rule}`)}
                  </option>
                ))}
              </select>
            </div>
            {(['refuseOldProjects', 'playBeforeVote'] as const).map((option) => (
              <div key={option} className={`field ${styles.field}`}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name={option}
                    checked={values[option]}
                    onChange={set(option)}
                    aria-describedby={`${id}-${option}-hint`}
                  />{' '}
                  {t(`jamForm.${option}`)}
                </label>
                <p className="hint" id={`${id}-${option}-hint`}>
                  {t(`jamForm.${option}Hint`)}
                </p>
              </div>
            ))}
            <div className={`field ${styles.field}`}>
              <label htmlFor={`${id}-feedback`}>{t('jamForm.feedback')}</label>
              <select
                id={`${id}-feedback`}
                value={values.feedback}
                onChange={set('feedback')}
                aria-describedby={`${id}-feedback-hint`}
              >
                {FEEDBACK_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`jamForm.feedback.${mode}`)}
                  </option>
                ))}
              </select>
              <p className="hint" id={`${id}-feedback-hint`}>
                {t('jamForm.feedbackHint')}
              </p>
            </div>
          </fieldset>
        )}
        {mode === 'request' &&
          field(
            'note',
            t('jamRequest.note'),
            <textarea
              id={`${id}-note`}
              value={values.note}
              onChange={set('note')}
              maxLength={JAM_REQUEST_NOTE_MAX}
              rows={4}
              aria-invalid={Boolean(errors.note)}
              aria-describedby={describedBy('note', true)}
            />,
            false,
            t('jamRequest.noteHint'),
          )}
        <div className={`actions ${styles.actions}`}>
          {onCancel && (
            <button type="button" className="button ghost" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          )}
          {mode === 'review' ? (
            <>
              <button type="button" className="button danger" onClick={onDecline} disabled={saving}>
                {t('jamRequests.decline')}
              </button>
              <button type="submit" className="button" data-intent="save" disabled={saving} aria-busy={saving}>
                {t('jamForm.save')}
              </button>
              <button type="submit" className="button primary large" data-intent="approve" disabled={saving} aria-busy={saving}>
                {t('jamRequests.approve')}
              </button>
            </>
          ) : (
            <button type="submit" className="button primary large" disabled={saving} aria-busy={saving}>
              {mode === 'edit' ? t('jamForm.save') : mode === 'request' ? t('jamRequest.send') : t('jamForm.create')}
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
