import type { Translate } from '../i18n/translate';

const forms = (t: Translate, key: string) => ({ one: t(`${key}_one`), other: t(`${key}_other`) });

export const countdownLabels = (t: Translate) => ({
  startingIn: t('jam.startingIn'),
  endingIn: t('jam.endingIn'),
  ended: t('jam.ended'),
  days: forms(t, 'countdown.days'),
  hours: forms(t, 'countdown.hours'),
  minutes: forms(t, 'countdown.minutes'),
  seconds: forms(t, 'countdown.seconds'),
});

export type CountdownLabels = ReturnType<typeof countdownLabels>;
