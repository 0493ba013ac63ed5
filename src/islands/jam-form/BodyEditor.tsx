import { useState } from 'react';
import { api } from '#client/api-client';
import { useT } from '#i18n/react';
import styles from '../JamForm.module.css';
import type { JamFormState } from './use-jam-form';
import { reportFailure } from '#client/report-failure';

const tabs = ['markdown', 'preview'] as const;
type Tab = (typeof tabs)[number];

/** The jam page's Markdown body, with a Markdown / Preview tab pair (the preview is rendered by the server). */
export default function BodyEditor({ form: { id, values, errors, set } }: { form: JamFormState }) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('markdown');
  const [previewHtml, setPreviewHtml] = useState<string | null>(null);

  async function showPreview() {
    setTab('preview');
    try {
      const { html } = await api<{ html: string }>('/markdown-preview', { method: 'POST', body: { markdown: values.body } });
      setPreviewHtml(html);
    } catch (error) {
      setPreviewHtml(null);
      reportFailure(null, error, { quiet: true });
    }
  }

  const chooseTab = (next: Tab) => (next === 'preview' ? void showPreview() : setTab('markdown'));
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

  return (
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
  );
}
