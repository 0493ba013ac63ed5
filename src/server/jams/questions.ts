/** A jam's submission questions as stored (issue 42 §4, ADR 042): stable ids, and what an edit does to answers. */
import { and, eq, sql } from 'drizzle-orm';
import { type Jam, entries } from '#db/schema';
import type { JamQuestion } from '#lib/questions';
import type { QuestionInput } from '#lib/schemas/questions';
import type { GuardedText } from '#server/feedback/guard/guard-texts';
import { AppError } from '#server/platform/errors';
import type { Database } from '#server/platform/db';

/**
 * A kept question keeps its id (so its answers), a new one gets the next id after the jam's highest;
 * an id the jam does not have is refused (it would adopt answers to another question).
 */
export function numberQuestions(input: QuestionInput[], current: JamQuestion[]): JamQuestion[] {
  let next = Math.max(0, ...current.map((q) => q.id)) + 1;
  return input.map(({ id, ...question }) => {
    if (id === undefined) return { id: next++, ...question };
    if (!current.some((q) => q.id === id)) throw new AppError(400, 'invalid_input', `This jam has no question ${id}.`);
    return { id, ...question };
  });
}

/** A manager's jam texts (name, description, body), the criteria's names, the prompts and the choices, for the guard: everyone who submits or votes reads them. */
export const questionTexts = (
  questions: QuestionInput[] | undefined,
  criteria: { name: string }[] = [],
  jam: { name?: string; description?: string; body?: string } = {},
): GuardedText[] => [
  { field: 'name', guarded: 'jamUpdateSchema.name', text: jam.name },
  { field: 'description', guarded: 'jamUpdateSchema.description', text: jam.description },
  { field: 'body', guarded: 'jamUpdateSchema.body', text: jam.body },
  ...criteria.map(
    (criterion) => ({ field: 'criteria', guarded: 'jamUpdateSchema.criteria[].name', text: criterion.name }) as const,
  ),
  ...(questions ?? []).flatMap((q) => [
    { field: 'questions', guarded: 'jamUpdateSchema.questions[].prompt', text: q.prompt },
    ...q.choices.map(
      (choice) => ({ field: 'questions', guarded: 'jamUpdateSchema.questions[].choices[]', text: choice }) as const,
    ),
  ]),
];

/**
 * Removing a question drops its answers; changing its kind drops them too (a "yes" is no answer to
 * a text question). One update of the jam's entries, for the batch that saves the questions, so an
 * id used again later never finds old answers. Edited choices keep the answers; one that is no
 * longer a choice is not shown (src/lib/questions.ts `fitsQuestion`).
 */
export function questionAnswerDrops(database: Database, jam: Jam, questions: JamQuestion[]) {
  const dropped = jam.questions.filter((old) => !questions.some((q) => q.id === old.id && q.kind === old.kind));
  if (dropped.length === 0) return [];
  const paths = dropped.map((q) => sql`${`$."${q.id}"`}`);
  return [
    database
      .update(entries)
      .set({ answers: sql`json_remove(${entries.answers}, ${sql.join(paths, sql`, `)})` })
      .where(and(eq(entries.jamId, jam.id), sql`${entries.answers} <> '{}'`)),
  ];
}
