/**
 * Submission questions (issue 42 §4, ADR 042): the vocabulary and the rules an answer follows,
 * shared by the API (which enforces them) and the submit form (which shows the same errors inline).
 * db/schema.ts keeps its own copy of the stored types.
 */
export const QUESTION_KINDS = ['text', 'yesno', 'choice'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTIONS_MAX = 5;
export const QUESTION_PROMPT_MAX = 120;
export const CHOICES_MIN = 2;
export const CHOICES_MAX = 6;
export const CHOICE_MAX = 60;
export const TEXT_ANSWER_MAX = 200;
/** How long after the jam's end a late window may stay open. */
export const LATE_WINDOW_MAX_MS = 24 * 60 * 60 * 1000;

export type JamQuestion = {
  id: number;
  kind: QuestionKind;
  prompt: string;
  choices: string[];
  required: boolean;
  private: boolean;
};
/** Answers by question id: text for `text` and `choice`, true/false for `yesno`. */
export type EntryAnswers = Record<string, string | boolean>;

export const requiredAnswerMessage = (prompt: string) => `Please answer “${prompt}”: it is required.`;
export const textAnswerTooLongMessage = (prompt: string) =>
  `The answer to “${prompt}” is too long: at most ${TEXT_ANSWER_MAX} characters.`;
export const wrongAnswerMessage = (prompt: string) => `The answer to “${prompt}” is not one it accepts.`;
export const UNKNOWN_QUESTION_MESSAGE = 'An answer names a question this jam does not ask.';

/** An answer counts only when it fits its question's kind (a kind changed later leaves none). */
export function fitsQuestion(question: JamQuestion, answer: unknown): answer is string | boolean {
  if (question.kind === 'yesno') return typeof answer === 'boolean';
  if (typeof answer !== 'string') return false;
  return question.kind === 'choice' ? question.choices.includes(answer) : answer.trim() !== '';
}

/**
 * The answers as stored: trimmed, blank text left out, a "no" kept (it is an answer), in the
 * questions' terms. The first problem is thrown as `{ questionId, message }` for the caller to show.
 */
export function checkAnswers(
  questions: JamQuestion[],
  answers: Record<string, unknown>,
): { answers: EntryAnswers } | { questionId: number | null; message: string } {
  for (const id of Object.keys(answers)) {
    if (!questions.some((q) => String(q.id) === id)) return { questionId: null, message: UNKNOWN_QUESTION_MESSAGE };
  }
  const stored: EntryAnswers = {};
  for (const question of questions) {
    let answer = answers[String(question.id)];
    if (typeof answer === 'string') answer = answer.trim();
    const blank = answer === undefined || answer === null || answer === '';
    if (blank) {
      // A required yes/no is a checkbox that must be ticked ("I made all the art myself").
      if (question.required) return { questionId: question.id, message: requiredAnswerMessage(question.prompt) };
      continue;
    }
    if (question.kind === 'text' && typeof answer === 'string' && answer.length > TEXT_ANSWER_MAX) {
      return { questionId: question.id, message: textAnswerTooLongMessage(question.prompt) };
    }
    if (!fitsQuestion(question, answer)) return { questionId: question.id, message: wrongAnswerMessage(question.prompt) };
    if (question.kind === 'yesno' && question.required && answer !== true) {
      return { questionId: question.id, message: requiredAnswerMessage(question.prompt) };
    }
    stored[String(question.id)] = answer;
  }
  return { answers: stored };
}

/** The answers a reader may see, in the questions' order: private ones only when `withPrivate`. */
export function visibleAnswers(
  questions: JamQuestion[],
  answers: EntryAnswers,
  withPrivate: boolean,
): { questionId: number; prompt: string; kind: QuestionKind; answer: string | boolean; private: boolean }[] {
  return questions
    .filter((q) => (withPrivate || !q.private) && fitsQuestion(q, answers[String(q.id)]))
    .map((q) => ({ questionId: q.id, prompt: q.prompt, kind: q.kind, answer: answers[String(q.id)]!, private: q.private }));
}

/** One cell per question for the CSV export: yes/no, the text or the choice, empty when unanswered. */
export const answerCells = (questions: JamQuestion[], answers: EntryAnswers): string[] =>
  questions.map((q) => {
    const answer = answers[String(q.id)];
    if (!fitsQuestion(q, answer)) return '';
    return typeof answer === 'boolean' ? (answer ? 'yes' : 'no') : answer;
  });
