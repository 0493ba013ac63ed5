/**
 * "Browse some cats" on the error screen (spec §2 Error screen): a modal with a random cat
 * picture and joke, a close button labelled 'Paw-don me' or 'Paw-down me' at random, and a
 * button for another one that never repeats the one just shown.
 */
import { useState } from 'react';
import { translated, useT } from '#i18n/react';
import { CAT_JOKES, CAT_PICTURE_COUNT, catPictureUrl, randomCloseLabel, randomIndexOtherThan } from '#lib/cats';
import styles from './CatsButton.module.css';
import { Modal } from './ui/Modal';
import { useHydrated } from './ui/use-hydrated';

export default translated(Cats);

interface Shown {
  picture: number;
  joke: number;
  closeLabel: string;
}

const another = (previous?: Shown): Shown => ({
  picture: randomIndexOtherThan(CAT_PICTURE_COUNT, previous?.picture),
  joke: randomIndexOtherThan(CAT_JOKES.length, previous?.joke),
  closeLabel: previous?.closeLabel ?? randomCloseLabel(),
});

function Cats() {
  const t = useT();
  const [shown, setShown] = useState<Shown | undefined>();
  const hydrated = useHydrated();
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={!hydrated}
        onClick={() => setShown({ ...another(shown), closeLabel: randomCloseLabel() })}
      >
        {t('error.browseCats')}
      </button>
      <Modal
        open={shown !== undefined}
        onClose={() => setShown(undefined)}
        closeIcon={false}
        header={t('cats.title')}
        className="cats-modal"
        actions={
          <>
            <button type="button" className="button" onClick={() => setShown(another(shown))}>
              {t('cats.another')}
            </button>
            <button type="button" className="button primary" lang="en" onClick={() => setShown(undefined)}>
              {shown?.closeLabel}
            </button>
          </>
        }
      >
        {shown && (
          <figure className={styles.figure}>
            <img
              src={catPictureUrl(shown.picture)}
              alt={t('cats.pictureAlt', { number: shown.picture + 1 })}
              width="400"
              height="400"
            />
            <figcaption>
              <blockquote lang="en">{CAT_JOKES[shown.joke]}</blockquote>
            </figcaption>
          </figure>
        )}
      </Modal>
    </>
  );
}
