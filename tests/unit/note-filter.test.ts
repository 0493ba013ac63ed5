import { describe, expect, it } from 'vitest';
import { judgedText, shownText } from '#lib/note-text';
import { listedRule } from '#server/feedback/filter';

const ZWSP = '\u200B';
const ZWJ = '\u200D';
const SHY = '\u00AD';
const RLO = '\u202E';

/** Ordinary notes children write: none may be refused. */
const KEPT = [
  'Great game! The jump feels just right.',
  'great game!!',
  '10/10 would play again',
  '10/10 10/10 10/10!!!',
  'I got 1234 points',
  'My best score is 42 coins, beat that :)',
  'how did you make the cat jump?',
  'Level 12345 in 2 minutes, in 2024',
  'I liked it.It was fun, e.g. the level 1-2-3 part.',
  'The classic assassin level in Scunthorpe',
  'Scunthorpe',
  'I live in Essex',
  'The cocktail of colours is nice, and the grass looks real',
  'Try my remix https://scratch.mit.edu/projects/123',
  'Try my remix https://scratch.mit.edu/projects/123456789/',
  'Look: scratch.mit.edu/projects/123456789 and www.scratch.mit.edu/studios/34567/',
  'HTTPS://SCRATCH.MIT.EDU/PROJECTS/1234567890 is the sequel!',
  'Join our studio (https://scratch.mit.edu/studios/456/comments).',
  'It ends with scratch.mit.edu/projects/987654321.',
  'Follow me on Scratch: https://scratch.mit.edu/users/griffpatch',
  'Read https://scratch.mit.edu/discuss/topic/12345 for help',
  '@griffpatch this is so cool',
  'awww. so cute',
  'I love tiktok videos but this is better',
  'Roblox is cool but Scratch is cooler',
  'Use the arrow keys and space to jump',
  'The boss at level 3 is too hard :(',
  'I clicked the green flag 5 times',
  'The music is a bop 🎵🎵',
  'can you add a level 2?',
  'My dog watched me play lol',
  'Scores: 100/100 and 9/10',
  'Wow, 3 lives and 20 seconds is hard',
  'It is 12:30 and I am still playing',
  'Szuper játék!',
  'nagyon jó lett',
  'Tetszik a zene, és a szarvas is aranyos',
  'Ügyes vagy, a harmadik pálya a kedvencem',
  'Hogy csináltad a pontszámlálót?',
  'Kicsit nehéz, de nagyon jó',
  'A baszk zászló szép a háttérben',
  'Mikor lesz folytatás?',
  'Imádom a karaktereket 😍',
  'A segítség gomb nagyon hasznos',
  'Pont 100 pontom lett!',
  'بازی خیلی قشنگیه',
  'خیلی خوب بود، مرسی',
  'موزیکش عالیه',
  'چطوری گربه رو پرش دادی؟',
  'امتیازم ۱۲۰ شد!',
  'هیچ کس نتونست مرحله ۳ رو رد کنه',
  'کسی میدونه چطوری برم مرحله بعد؟',
  'بازی بعدیت کی میاد؟',
  'گربه‌ات خیلی بامزه‌ست',
  'من عاشق این بازی‌ام',
  'Ez a kukac nagyon vicces!',
  'the dot at the end is a coin',
  'I scored 1,000,000 points!',
  'The jam started on 2024-11-27 and ended 2024. 11. 30.',
  'A basszus nagyon jó',
  'Segítség, nem tudok ugrani',
  'تخمین زدم که سخته',
  'گهگاهی باگ داره',
  'Add me as a friend on Scratch!',
  'my discord server is cool',
  'Snap! is like Scratch',
];

/** Tricks a curious child might try, and the rule that must stop each. */
const REFUSED: [string, string][] = [
  // Links, however the scheme or domain is hidden.
  ['Play it on https://example.com/game', 'link'],
  ['²https://evil.com/x', 'link'],
  ['＿https://evil.com', 'link'],
  ['visit example.com', 'link'],
  [`visit evil.c${SHY}om`, 'link'],
  [`visit evil${ZWSP}.com`, 'link'],
  ['visit evil。com', 'link'],
  ['visit evil . com', 'link'],
  ['visit evil dot com', 'link'],
  ['go to www.coolgames', 'link'],
  ['ｗｗｗ．ｅｖｉｌ．ｃｏｍ', 'link'],
  ['http://scratch.mit.edu.evil.io/projects/1', 'link'],
  ['scratch.mit.edu/projects/123?ref=https://x', 'link'],
  ['https://evil.com/scratch.mit.edu/projects/1', 'link'],
  ['scratch.mit.edu/projects/123.evil.com', 'link'],
  ['join discord.gg/abc', 'link'],
  ['ftp://files', 'link'],
  ['h t t p s://evil', 'link'],
  ['e v i l . c o m', 'link'],
  ['evil(.)com', 'link'],
  ['bit.ly/abc', 'link'],
  [`${RLO}moc.live`, 'link'],
  ['еvil.соm (Cyrillic letters)', 'link'],
  // E-mail addresses.
  ['mail me at kid@example.org', 'email'],
  ['MAIL ME: Kid.Name+games@Example.CO.UK', 'email'],
  ['https://scratch.mit.edu@evil.com/projects/1', 'email'],
  [`kid${ZWSP}@${ZWJ}example.com`, 'email'],
  ['kid＠example．com', 'email'],
  ['kid at gmail dot com', 'email'],
  ['kid (at) example (dot) com', 'email'],
  ['kid [at] example [dot] org', 'email'],
  ['kid @ example . com', 'email'],
  ['kiskata kukac freemail pont hu', 'email'],
  ['kiskata kukac gmail pont com', 'email'],
  ['ali ات gmail دات com', 'email'],
  ['my mail is kid at gmail', 'email'],
  ['kid@example。com', 'email'],
  ['k i d @ e x a m p l e . c o m', 'email'],
  ['kid(at)gmail', 'email'],
  ['kid at example . com', 'email'],
  ['kid at gmail.com', 'email'],
  ['Play the full game at coolgames.io', 'link'],
  // Phone numbers.
  ['call 5551234567', 'phone'],
  ['call 555-123-4567', 'phone'],
  ['call (555) 123 45 67', 'phone'],
  ['+36 30 123 4567', 'phone'],
  ['１２３４５６７', 'phone'],
  ['555 - 123 - 4567', 'phone'],
  ['555 / 123 / 4567', 'phone'],
  [`5${ZWJ}5${ZWJ}5${ZWSP}1${ZWSP}2${ZWSP}3${ZWSP}4`, 'phone'],
  ['1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣', 'phone'],
  ['۰۹۱۲۳۴۵۶۷۸۹', 'phone'],
  ['٠٩١٢٣٤٥٦٧٨٩', 'phone'],
  ['call 5 5 5 1 2 3 4', 'phone'],
  ['𝟓𝟓𝟓𝟏𝟐𝟑𝟒', 'phone'],
  ['my number: 06 30 123 45 67', 'phone'],
  ['555,1234,567', 'phone'],
  ['2024-55-51-12', 'phone'],
  // Chat apps with a handle.
  ['add me on discord', 'contact'],
  ['add me on discord: coolkid', 'contact'],
  ['my snapchat is kitty', 'contact'],
  ['insta: @cool.kid', 'contact'],
  ['dm me on instagram', 'contact'],
  ['whatsapp me, my telegram is catlover', 'contact'],
  ['tiktok @dancer_kid', 'contact'],
  ['snap coolkid99', 'contact'],
  ['coolkid#1234', 'contact'],
  ['d i s c o r d: coolkid', 'contact'],
  ['ɪɴꜱᴛᴀ: coolkid', 'contact'],
  ['dіscord: kid_1 (Cyrillic і)', 'contact'],
  ['írj rám discordon', 'contact'],
  ['adj hozzá snapen', 'contact'],
  ['آیدی تلگرامم رو بگیر', 'contact'],
  ['اینستام cool_kid', 'contact'],
  // Words, spaced out, in leetspeak, with look-alike letters, in English, Hungarian and Persian.
  ['you are a b1tch', 'word'],
  ['this is sh1t', 'word'],
  ['SHIT', 'word'],
  ['s h i t', 'word'],
  ['s.h.i.t', 'word'],
  ['f u c k this level', 'word'],
  ['f-u-c-k', 'word'],
  ['ѕһіt (Cyrillic)', 'word'],
  [`sh${ZWSP}it`, 'word'],
  [`fu${SHY}ck`, 'word'],
  ['ｓｈｉｔ', 'word'],
  ['ⓢⓗⓘⓣ', 'word'],
  ['🅢🅗🅘🅣', 'word'],
  ['𝐬𝐡𝐢𝐭', 'word'],
  ['a$$hole', 'word'],
  ['this is bullsh!t', 'word'],
  ['kurva jó', 'word'],
  ['KURVA', 'word'],
  ['k u r v a', 'word'],
  ['bazdmeg', 'word'],
  ['baszd meg', 'word'],
  ['te geci', 'word'],
  ['ez szar', 'word'],
  ['faszom', 'word'],
  ['köcsög', 'word'],
  ['kocsog', 'word'],
  ['تخمی', 'word'],
  ['kurv@', 'word'],
  ['کیرم', 'word'],
  ['کسکش', 'word'],
  ['جنده', 'word'],
  ['گوه نخور', 'word'],
  ['پدرسگ', 'word'],
  ['پدر سگ', 'word'],
  ['حرومزاده', 'word'],
  ['کـیـر', 'word'],
  [`ک${ZWSP}ی${ZWSP}ر`, 'word'],
];

describe('the note filter', () => {
  it('has enough cases', () => {
    expect(KEPT.length).toBeGreaterThanOrEqual(50);
    expect(REFUSED.length).toBeGreaterThanOrEqual(60);
  });

  it.each(KEPT)('keeps %j', (text) => {
    expect(listedRule(text)).toBeNull();
  });

  it.each(REFUSED)('refuses %j for its %s', (text, rule) => {
    expect(listedRule(text)).toBe(rule);
  });

  it('refuses the administrators’ words where a word starts, in any case and language', () => {
    const words = ['poop', 'csúnya szó', 'meanie'];
    expect(listedRule('poopy head', words)).toBe('word');
    expect(listedRule('You MEANIE', words)).toBe('word');
    expect(listedRule('ez egy Csúnya szó volt', words)).toBe('word');
    expect(listedRule('m3anie', words)).toBe('word');
    expect(listedRule('p o o p', words)).toBe('word');
    expect(listedRule('nincompoop', words)).toBeNull();
    expect(listedRule('poopy head', [])).toBeNull();
  });

  it('says e-mail before link, link before phone, and phone before contact, when a note breaks several rules', () => {
    expect(listedRule('kid@example.com or example.com or 5551234567')).toBe('email');
    expect(listedRule('example.com or 5551234567')).toBe('link');
    expect(listedRule('5551234567 on discord: coolkid')).toBe('phone');
  });
});

describe('one reading of a note', () => {
  it('drops what nobody sees and reads every script’s digits and look-alike letters as ASCII', () => {
    expect(shownText(`a${ZWSP}b${SHY}c${RLO}d\uFE0F`)).toBe('abcd');
    expect(judgedText('1️⃣۲٣𝟒')).toBe('1234');
    expect(judgedText('ЅНІТ')).toBe('shit');
    expect(judgedText('evil。com')).toBe('evil.com');
    expect(judgedText('Ügyes')).toBe('ügyes');
    expect(judgedText('كيك')).toBe('کیک');
  });
});
