/** Examples of the theme rounds' answers (ADR 043) for the API description. */
import type { MyThemeDto, ThemeResultsDto, ThemeRoundsDto, ThemeSuggestionDto } from '#lib/schemas/themes';

export const exampleThemeRounds: ThemeRoundsDto = {
  phase: 'round1',
  suggestFrom: '2026-06-01T00:00:00.000Z',
  round1From: '2026-06-08T00:00:00.000Z',
  finalFrom: '2026-06-12T00:00:00.000Z',
  closesAt: '2026-06-14T00:00:00.000Z',
  finalists: 16,
};

export const exampleMyTheme: MyThemeDto = {
  ...exampleThemeRounds,
  eligible: true,
  suggestions: [{ id: 12, text: 'Tiny worlds' }],
  waiting: [],
  next: { id: 31, text: 'Upside down' },
  candidates: [],
  pick: null,
};

const exampleSuggestion: ThemeSuggestionDto = {
  id: 12,
  text: 'Tiny worlds',
  suggestedBy: 'griffpatch',
  suggesters: 3,
  createdAt: '2026-06-02T09:30:00.000Z',
};
export const exampleSuggestionPage: { suggestions: ThemeSuggestionDto[]; nextAfter: number | null } = {
  suggestions: [exampleSuggestion],
  nextAfter: null,
};

export const exampleThemeResults: ThemeResultsDto = {
  ...exampleThemeRounds,
  phase: 'revealed',
  theme: 'Tiny worlds',
  results: [
    {
      id: 12,
      text: 'Tiny worlds',
      suggestedBy: 'griffpatch',
      yes: 40,
      no: 8,
      looks: 52,
      share: 0.833,
      finalist: true,
      votes: 61,
    },
    {
      id: 31,
      text: 'Upside down',
      suggestedBy: 'scratchcat',
      yes: 35,
      no: 12,
      looks: 50,
      share: 0.745,
      finalist: true,
      votes: 44,
    },
  ],
};
