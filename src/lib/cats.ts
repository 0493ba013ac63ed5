/** The error screen's cats (spec §2, §9): 48 pictures in public/cats and 30 jokes. */
export const CAT_PICTURE_COUNT = 48;

export const catPictureUrl = (index: number) => `/cats/cat-${String(index + 1).padStart(2, '0')}.svg`;

/** The jokes are English puns; pages show them with lang="en". */
export const CAT_JOKES = [
  'What do you call a pile of cats? A meow-ntain.',
  'Why was the cat sitting on the computer? To keep an eye on the mouse.',
  'What is a cat’s favourite colour? Purr-ple.',
  'How do cats end a fight? They hiss and make up.',
  'What do cats like to eat for breakfast? Mice Krispies.',
  'Why don’t cats play poker in the jungle? Too many cheetahs.',
  'What is a cat’s favourite button? Paws.',
  'Why did the cat join the Red Cross? It wanted to be a first-aid kit.',
  'What do you call a cat that gets what it wants? Purr-suasive.',
  'How does a cat make a game? It starts from scratch.',
  'What do you call a cat that loves to bowl? An alley cat.',
  'Why did the cat get a good grade? It was the teacher’s pet.',
  'What is a cat’s favourite magazine? Good Mousekeeping.',
  'What do you call a cat wearing shoes? Puss in boots, obviously.',
  'Why are cats bad storytellers? They only have one tail.',
  'What does a cat say when something goes wrong? Me-OW.',
  'How do cats stay in touch? On the purr-to-purr network.',
  'Which cat entered the game jam? The one with the most purr-sistence.',
  'What do you call a cat that writes code? A purr-grammer.',
  'Why did the kitten debug all night? It was chasing a bug.',
  'What is a cat’s favourite dessert? Chocolate mouse.',
  'What do cats read in the morning? The mewspaper.',
  'Why did the cat sit by the printer? It was waiting for the paws to end.',
  'What is a cat’s way of saying “just kidding”? I was only kitten.',
  'How do you know a cat won the jam? It is the cat’s whiskers.',
  'What do you call a cat with eight legs that likes to swim? An octo-puss.',
  'What is a cat’s favourite subject at school? Hiss-tory.',
  'Why do cats love the internet? It is full of cat-alogues.',
  'What did the cat say to the 404 page? This page is purr-ly missing.',
  'What do you call a cat that lost its page? Cat-astrophic.',
] as const;

export const CAT_CLOSE_LABELS = ['Paw-don me', 'Paw-down me'] as const;

export type Random = () => number;

/** A random index below `count` that is never `previous`, so nothing shows twice in a row. */
export function randomIndexOtherThan(count: number, previous: number | undefined, random: Random = Math.random): number {
  if (count <= 1) return 0;
  if (previous === undefined || previous < 0 || previous >= count) return Math.floor(random() * count);
  const pick = Math.floor(random() * (count - 1));
  return pick >= previous ? pick + 1 : pick;
}

export const randomCloseLabel = (random: Random = Math.random) =>
  CAT_CLOSE_LABELS[Math.floor(random() * CAT_CLOSE_LABELS.length)]!;
