/**
 * What the managers' and the judges' editors share: the list read from `base` (again after each
 * change), the username field with its error under it, and a person's row (avatar and profile link).
 */
import { type ReactNode, type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { useLanguage } from '#i18n/react';
import { userHref } from '#i18n/paths';
import { api } from '#client/api-client';
import { reasonOf } from '#client/report-failure';
import { avatarPath } from '#lib/avatars';
import { usernameSchema } from '#lib/schemas/common';
import Avatar from '#components/ui/Avatar.tsx';
import styles from './PeopleEditor.module.css';

export function usePeopleEditor<List>(base: string) {
  const [list, setList] = useState<List | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(
    () =>
      api<List>(base)
        .then(setList)
        .catch((failure: unknown) => setError(reasonOf(failure))),
    [base],
  );
  useEffect(() => void reload(), [reload]);

  /** The form's submit: checks the name, sends it with `send`, clears the field and calls `done`; a refusal shows under the field. */
  const addWith =
    <Answer,>(send: (name: string) => Promise<Answer>, done: (answer: Answer, name: string) => void | Promise<void>) =>
    async (event: SubmitEvent) => {
      event.preventDefault();
      const parsed = usernameSchema.safeParse(name);
      if (!parsed.success) return setError(parsed.error.issues[0]!.message);
      try {
        const answer = await send(parsed.data);
        setError(null);
        setName('');
        await done(answer, parsed.data);
      } catch (failure) {
        console.error(failure);
        setError(reasonOf(failure));
      }
    };

  return { list, setList, reload, name, setName, error, addWith };
}

/** One person of the list: their avatar, their name linking to their profile, then what the editor adds. */
export function PersonRow({ name, children }: { name: string; children?: ReactNode }) {
  const language = useLanguage();
  return (
    <li className={styles.person}>
      <Avatar username={name} src={avatarPath(name)} size="2.25rem" />{' '}
      <a className={styles.name} href={userHref(language, name)}>
        {name}
      </a>
      {children}
    </li>
  );
}
