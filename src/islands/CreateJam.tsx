import { translated } from '#i18n/react';
import JamForm from './JamForm';

/** The /jams/new form as an island. */
export default translated(JamForm);
