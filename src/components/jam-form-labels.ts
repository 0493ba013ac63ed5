import type { Translate } from '../i18n/translate';
import type { JamFormLabels } from '../islands/JamForm';

export const jamFormLabels = (t: Translate): JamFormLabels => ({
  name: t('jamForm.name'),
  description: t('jamForm.description'),
  descriptionHint: t('jamForm.descriptionHint'),
  body: t('jamForm.body'),
  bodyHint: t('jamForm.bodyHint'),
  markdown: t('jamForm.markdown'),
  preview: t('jamForm.preview'),
  previewEmpty: t('jamForm.previewEmpty'),
  imageUrl: t('jamForm.imageUrl'),
  startsAt: t('jamForm.startsAt'),
  endsAt: t('jamForm.endsAt'),
  mystery: t('jamForm.mystery'),
  mysteryHint: t('jamForm.mysteryHint'),
  required: t('jamForm.required'),
  create: t('jamForm.create'),
  save: t('jamForm.save'),
  cancel: t('common.cancel'),
  created: t('jamForm.created'),
  updated: t('jamForm.updated'),
  failed: t('jamForm.failed'),
});
