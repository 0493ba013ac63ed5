import type { Translate } from '../i18n/translate';

export const countdownLabels = (t: Translate) => ({
  startingIn: t('jam.startingIn'),
  endingIn: t('jam.endingIn'),
  ended: t('jam.ended'),
  days: t('countdown.days'),
  hours: t('countdown.hours'),
  minutes: t('countdown.minutes'),
  seconds: t('countdown.seconds'),
});
