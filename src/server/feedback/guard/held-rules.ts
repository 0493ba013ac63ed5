/**
 * The held classes of ADR 046 as patterns, a data file each (./data/held-*.json), every one held for a
 * moderator, who reads them first: personal information and grooming (dating aimed at a child, flattery
 * that isolates, roundabout ages, meeting up, doxxing, sexual harassment and body comments, intimate
 * questions and remarks about a child's body, underwear, puberty, bathing and changing, kissing
 * "experience" and secret touching games, compliments that sexualise a child, sexual slang and
 * "pics" compounds (feet pics, body count, sugar daddies), scams and schemes, freebies, prizes and
 * glitches offered for a child's details (a free phone, robux or "Scratch premium" for an address, a
 * login or a parent's card, a relative who works at a company), a child's family, home, looks and
 * voice asked (a parent's name or job, who lives with them, their own room, the part of the country,
 * their hair and eyes, a voice note or a call code), another child's details offered, sold, leaked or hunted
 * (doxxing: a real name, school, address or face, "i found out where he lives"), money schemes aimed at
 * children (doubling, "send 5 get 50 back", paid homework, referral and crypto pitches), a child's own
 * details asked with nothing but "your" ("ur address pls", "post a pic of urself"), grooming in
 * everyday words (in bed right now, nice legs, grown-up stuff, "my little princess", a sleepover at my
 * place, sneaking out, "if you were older"), passwords, login codes, phishing and
 * logins phished with any pretext ("what's ur password so i can add u as a curator", "log in on my site"), children sent off the site through a search ("search X on google, it's the first one") and
 * details asked with nothing but "your" ("ur address pls", "post a pic of urself"), passwords, login codes, phishing ("official
 * notice", a ban to appeal, an account to verify, recover or upgrade, bets for money or a gift card, addresses
 * spelled around: "coolgames,net") and
 * staff impersonated, famous Scratchers and the Scratch Team impersonated with a demand ("im the real
 * griffpatch, this is my alt"), deletion threatened unless a child follows, followers sold for robux or a
 * password, police, teachers, schools, doctors and parents impersonated to scare or extract,
 * Scratch's private places, one's own details given unasked, where a child is in disguise
 * (coordinates, map codes, postcodes, live location, routines), a child's age, home, school, real name,
 * photo or number asked or given in the world's other languages (Indonesian, Russian in Latin letters, Turkish), running away, sneaking out and being
 * picked up, a child's school, teacher or class asked by name and a street address given, asked or offered to
 * visit ("whats the name of ur school", "come to 33 baker st"), friend requests, invites, parties, lobby codes and private servers on a game or a console and
 * a gamertag given or asked, money between users, gift-card codes, bank details, phone top-ups, accounts for sale and
 * picked up, friend requests, invites, parties, lobby codes and private servers on a game or a console and
 * a gamertag given or asked, calls, texts and chats asked in Irish, Hungarian and Persian (glaoigh orm,
 * hívj fel, زنگ بزن بهم) and chat apps named by a hint (the d app, the purple app, the blue bird), money between users, gift-card codes, bank details, phone top-ups, accounts for sale and
 * rewards for a picture or a number, tricks that make a child harm their own device or account (code
 * pasted into the console, files run, protections off, cookies and tokens, remote control), gambling
 * with game or real money, adults seeking children by age, false ages told to a child, lies about age
 * and accounts urged on a child (a false birthday or year, "click I'm over 18", a parent's account,
 * card or e-mail to sign up, an account made without asking, age gates bypassed, VPNs past a school's
 * or a parent's block), whether a child is young or unsupervised, grooming approaches in everyday words
 * (flattery above parents and other kids, looks tied to an age, an adult's age let slip, roleplay of a
 * teacher, a boss or a boyfriend, strict parents and checked phones, when school finishes, which bus,
 * the wifi's name, weight, height and size asked), fake talent scouts, castings and fame or
 * collaboration offers for a picture, a call or a meeting), drugs, alcohol and vaping in
 * children's slang (zooted, a perc, a parent's pills, a cart or a pen, sold at school, 420 and 💊), hurting oneself or others (harm wished on a
 * person, their family, pet or home, curses, a person told they are unlovable, worthless, a waste of space,
 * better never born or should disappear, a gun or a coffin pictured on them as an improvement, and
 * extortion of an account or projects, chain letters that scare ("share this or a ghost…"), threats to get
 * something or against a school or a person offline, a child found, waited for at the gate or the bus
 * stop or beaten up at school in everyday words, fights planned after school or at recess ("we should all jump him", "catch me outside", "meet me behind the gym") ("you can't hide", "my brother will get you"), threats to
 * punch, stab or kill a person, "ur dead meat", "if u tell anyone ill…", accounts hacked or taken over, raids
 * and hate spam on a studio ("lets raid this studio"), hacking
 * and swatting, weapons bought or made, the means of self-harm asked, goading to it, in so many words or
 * veiled in internet euphemisms ("delete yourself", "uninstall life"), despair in one's own words and in teen slang, emoji and short forms (kms, unalive, ctb, 🔪🩸 me),
 * despair in plain words (ending it this weekend, nobody loves me, a note written, things given away one won't need),
 * self-harm and starving told in every tense (hurting myself again, scars from what i did, not eating to get thin), private pictures of oneself offered,
 * dangerous challenges, dares and stunts off the screen (heights, traffic, ingestion dares, chroming,
 * sockets) and small crimes urged (shoplifting, vandalism, trespassing, prank calls, fire alarms),
 * self-harm hidden, goodbye letters, last posts and one's things handed on, plans and means in one's
 * own words (pills saved, a bridge or a roof tonight), self-harm slang, eating-disorder talk and body-image pressure (meals skipped, calorie limits, purging,
 * pro-ana, weight shaming), disclosures in a child's own words (a parent who hits them, locked in their
 * room, nobody feeds them, days without eating to lose weight, drunk, vaping, skipping school, running
 * away) and breath-holding and choking challenges, vaping and energy-drink dares, drugs and drink offered or dared (in everyday
 * and coded words too: a bottle finished as a challenge, "special" gummies, "smoke this with me"), dares
 * to the body (a hand on a stove, cutting or scratching till it bleeds, coins swallowed "to see what
 * happens") and starving urged as a compliment, extremism (terror groups and mass killers praised or
 * joined, a school attack as a game, a plan or a wink, genocides denied, bombs made), recruiting to hate (groups that hate a people, a people
 * to be sent back or banned), fake, AI and edited pictures or voices of a child made to shame them, hate
 * pages and studios about a person, what is "not for kids" steered to, running away together on a
 * ticket paid, shock, gore and adult content steered to without a link: shock videos and adult sites
 * named or spelled around, rule 34 and nsfw versions), unkind words at a person (put-downs of a face, a smell, few
 * followers or crying like a baby, "touch grass", "nobody asked", stfu and gtfo, hate
 * symbols and coded hate too, disabled, autistic, deaf or blind people called useless, a burden or not
 * real people and a disability used as an insult, pile-ons: mass reports, raids, exclusion and
 * mocking campaigns, body shaming ("you look like a whale", "go on a diet fatty", "pizza face") and calls to
 * block, unfollow or ignore a person, "quit life" or Scratch forever, roasts, backhanded compliments ("not bad for a girl"), exclusion ("nobody likes u"), contempt ("you're the reason scratch is dying", "ugly ahh pfp", "go to hell", "get off scratch"), contempt in a group's name ("everyone thinks ur weird", "we all voted, ur the worst", "we decided ur not allowed in our group") and a
 * child's voice or looks mocked in a video, and groups said to be less than human, to lose rights or to be expelled,
 * without a slur, and prejudice at groups in everyday words: "ur kind", people from a country, a
 * religion or a gender called dumb, "typical X", a people said to control everything, "no homo", a
 * game called gay or autistic), roleplay to
 * without a slur, put-downs in Hungarian, Irish and Persian: csicska vagy, i do bhómán, خنگ خدا, and profanity,
 * 'your mother' insults, 'go to hell' and 'stupid' in the world's other languages: pendejo, va te faire
 * foutre, Hurensohn, kurwa, siktir, tangina), roleplay to
 * groom, pictures of the body, blackmail and threats to expose, emotional blackmail of a child
 * (self-harm threatened, debts, love-bombing, silence as punishment), cruelty that isolates a child
 * from family and friends (family trouble blamed on them, "you were a mistake", a sibling loved more,
 * friends who laugh behind their back, a group chat or a party without them, "you have no real
 * friends, only me"), parents asleep, evading moderation, cruelty to animals, and asking to be reached
 * without an app's name (or by a search, a bio, a QR code, one's channel, text-speak, a sentence of
 * emoji, or a game's friend code, name, world or party chat), moving a child somewhere private or
 * secret (a quieter place, "don't tell anyone we talk", contact hidden in a costume or a title, the same
 * name elsewhere, apps named around, links promised in a sec, apps by abbreviation or nickname with "same @",
 * "my tt is …", a main account off Scratch, handles in spaced letters), grooming secrecy, lures and a child turned against
 * parents or friends ("our little secret", messages deleted, "your parents don't understand you", my
 * other account, free robux in my bio, snapch@t), where a child is and which school in everyday words (a grade, a teacher's name, the time
 * zone, the time or the weather there, near a city, the same country) and threats in idioms ("i'll make ur
 * life hell", "ur finished", "wait till i find u"), a child known, seen, watched or recognised offline
 * ("i know who u are irl", "i saw u at the mall", "been stalking ur profile", "i can see ur house in ur
 * video", "i'll find u at lunch"), grooming by invitation (hop on vc just us, ring me when ur parents are
 * asleep, an ipad for a meeting, "i'm like ur big brother", something naughty; a chat app asked for by its short name, msg me on disc, is a contact ask), grooming in soft
 * words (pretty irl with a pic, "ur my fav, dont tell the others", "always here for u, only u", what ur
 * parents won't teach, "ur body is changing", "don't be shy, show me", "no one will know") — and the words of the held phrases as
 * children text them (./data/held-spellings.json).
 */
import ABLEISM from './data/held-ableism.json' with { type: 'json' };
import ACCOUNTS from './data/held-accounts.json' with { type: 'json' };
import AGELIES from './data/held-agelies.json' with { type: 'json' };
import APPNAMES from './data/held-appnames.json' with { type: 'json' };
import APPROACHES from './data/held-approaches.json' with { type: 'json' };
import AUTHORITY from './data/held-authority.json' with { type: 'json' };
import BEFRIENDING from './data/held-befriending.json' with { type: 'json' };
import BLACKMAIL from './data/held-blackmail.json' with { type: 'json' };
import BODYSHAMING from './data/held-bodyshaming.json' with { type: 'json' };
import CALLS from './data/held-calls.json' with { type: 'json' };
import CHAINLETTERS from './data/held-chainletters.json' with { type: 'json' };
import COMEUPPANCE from './data/held-comeuppance.json' with { type: 'json' };
import CONTEMPT from './data/held-contempt.json' with { type: 'json' };
import CRUELTY from './data/held-cruelty.json' with { type: 'json' };
import CURSES from './data/held-curses.json' with { type: 'json' };
import DANGER from './data/held-danger.json' with { type: 'json' };
import DARES from './data/held-dares.json' with { type: 'json' };
import DATING from './data/held-dating.json' with { type: 'json' };
import DESPAIR from './data/held-despair.json' with { type: 'json' };
import DETAILS from './data/held-details.json' with { type: 'json' };
import DEVICE from './data/held-device.json' with { type: 'json' };
import EMOJI_SENTENCES from './data/held-emoji-sentences.json' with { type: 'json' };
import DISCLOSING from './data/held-disclosing.json' with { type: 'json' };
import DISCLOSURES from './data/held-disclosures.json' with { type: 'json' };
import DOUBLING from './data/held-doubling.json' with { type: 'json' };
import DOXXING from './data/held-doxxing.json' with { type: 'json' };
import DRUGSLANG from './data/held-drugslang.json' with { type: 'json' };
import EATING from './data/held-eating.json' with { type: 'json' };
import EVADING from './data/held-evading.json' with { type: 'json' };
import GAMBLING from './data/held-gambling.json' with { type: 'json' };
import GAMEINVITES from './data/held-gameinvites.json' with { type: 'json' };
import GAMING from './data/held-gaming.json' with { type: 'json' };
import EXPOSING from './data/held-exposing.json' with { type: 'json' };
import EXTREMISM from './data/held-extremism.json' with { type: 'json' };
import FAREWELL from './data/held-farewell.json' with { type: 'json' };
import FIGHTS from './data/held-fights.json' with { type: 'json' };
import FREEBIES from './data/held-freebies.json' with { type: 'json' };
import GOADING from './data/held-goading.json' with { type: 'json' };
import GROOMING from './data/held-grooming.json' with { type: 'json' };
import GROUPCONTEMPT from './data/held-groupcontempt.json' with { type: 'json' };
import HANDLES from './data/held-handles.json' with { type: 'json' };
import HARASSMENT from './data/held-harassment.json' with { type: 'json' };
import HARM from './data/held-harm.json' with { type: 'json' };
import HATE from './data/held-hate.json' with { type: 'json' };
import HIDEAWAY from './data/held-hideaway.json' with { type: 'json' };
import HINTEDAPPS from './data/held-hintedapps.json' with { type: 'json' };
import HOUSEHOLD from './data/held-household.json' with { type: 'json' };
import IMPERSONATION from './data/held-impersonation.json' with { type: 'json' };
import INTIMATE from './data/held-intimate.json' with { type: 'json' };
import ISOLATING from './data/held-isolating.json' with { type: 'json' };
import LANGUAGES from './data/held-languages.json' with { type: 'json' };
import LEWDSLANG from './data/held-lewdslang.json' with { type: 'json' };
import LOCATING from './data/held-locating.json' with { type: 'json' };
import LOGINS from './data/held-logins.json' with { type: 'json' };
import LURES from './data/held-lures.json' with { type: 'json' };
import MANIPULATION from './data/held-manipulation.json' with { type: 'json' };
import MENACE from './data/held-menace.json' with { type: 'json' };
import MONEY from './data/held-money.json' with { type: 'json' };
import NICOTINE from './data/held-nicotine.json' with { type: 'json' };
import OFFEREDPICS from './data/held-offeredpics.json' with { type: 'json' };
import OFFSITE from './data/held-offsite.json' with { type: 'json' };
import OTHERING from './data/held-othering.json' with { type: 'json' };
import PAYMENTS from './data/held-payments.json' with { type: 'json' };
import PHISHING from './data/held-phishing.json' with { type: 'json' };
import PERSONAL from './data/held-personal.json' with { type: 'json' };
import PICTURES from './data/held-pictures.json' with { type: 'json' };
import PILEONS from './data/held-pileons.json' with { type: 'json' };
import PLAIN_DESPAIR from './data/held-plaindespair.json' with { type: 'json' };
import PREJUDICE from './data/held-prejudice.json' with { type: 'json' };
import PRESSURE from './data/held-pressure.json' with { type: 'json' };
import PRIVATE from './data/held-private.json' with { type: 'json' };
import PROMOTING from './data/held-promoting.json' with { type: 'json' };
import PUTDOWNS from './data/held-putdowns.json' with { type: 'json' };
import REACHING from './data/held-reaching.json' with { type: 'json' };
import ROASTS from './data/held-roasts.json' with { type: 'json' };
import RECOGNISING from './data/held-recognising.json' with { type: 'json' };
import ROLEPLAY from './data/held-roleplay.json' with { type: 'json' };
import RUNAWAY from './data/held-runaway.json' with { type: 'json' };
import SCAMS from './data/held-scams.json' with { type: 'json' };
import SCHEMES from './data/held-schemes.json' with { type: 'json' };
import SCHOOLHOME from './data/held-schoolhome.json' with { type: 'json' };
import SCHOOLYARD from './data/held-schoolyard.json' with { type: 'json' };
import SCOUTING from './data/held-scouting.json' with { type: 'json' };
import SEARCHING from './data/held-searching.json' with { type: 'json' };
import SEEKING from './data/held-seeking.json' with { type: 'json' };
import SELFHURTING from './data/held-selfhurting.json' with { type: 'json' };
import SHAMING from './data/held-shaming.json' with { type: 'json' };
import SLANG from './data/held-slang.json' with { type: 'json' };
import SLANG_DESPAIR from './data/held-slangdespair.json' with { type: 'json' };
import SOFTGROOMING from './data/held-softgrooming.json' with { type: 'json' };
import SUBSTANCES from './data/held-substances.json' with { type: 'json' };
import STEERING from './data/held-steering.json' with { type: 'json' };
import STEREOTYPES from './data/held-stereotypes.json' with { type: 'json' };
import STUNTS from './data/held-stunts.json' with { type: 'json' };
import TEXTSPEAK from './data/held-textspeak.json' with { type: 'json' };
import THREATS from './data/held-threats.json' with { type: 'json' };
import UNKIND from './data/held-unkind.json' with { type: 'json' };
import VEILED_GOADING from './data/held-veiledgoading.json' with { type: 'json' };
import VIOLENCE from './data/held-violence.json' with { type: 'json' };
import WATCHING from './data/held-watching.json' with { type: 'json' };
import WHEREABOUTS from './data/held-whereabouts.json' with { type: 'json' };
import WORLDASKS from './data/held-worldasks.json' with { type: 'json' };
import WORLDCURSES from './data/held-worldcurses.json' with { type: 'json' };
import WORTHLESS from './data/held-worthless.json' with { type: 'json' };

/** The held classes and the rule each is held for: unkind words at a person are the word rule's, asking to be reached without an app's name the contact rule's (issue 53). */
export const HELD_RULES = [
  [PERSONAL, 'personal'],
  [EXPOSING, 'personal'],
  [DATING, 'personal'],
  [HARASSMENT, 'personal'],
  [SCAMS, 'personal'],
  [PRIVATE, 'personal'],
  [SLANG, 'personal'],
  [DISCLOSING, 'personal'],
  [WHEREABOUTS, 'personal'],
  [MONEY, 'personal'],
  [ROLEPLAY, 'personal'],
  [PICTURES, 'personal'],
  [OFFEREDPICS, 'personal'],
  [WATCHING, 'personal'],
  [RECOGNISING, 'personal'],
  [EVADING, 'personal'],
  [GROOMING, 'personal'],
  [SEEKING, 'personal'],
  [RUNAWAY, 'personal'],
  [ACCOUNTS, 'personal'],
  [AUTHORITY, 'personal'],
  [PHISHING, 'personal'],
  [LOGINS, 'personal'],
  [IMPERSONATION, 'personal'],
  [SCHEMES, 'personal'],
  [SCOUTING, 'personal'],
  [INTIMATE, 'personal'],
  [LEWDSLANG, 'personal'],
  [EMOJI_SENTENCES, 'personal'],
  [GAMBLING, 'personal'],
  [PAYMENTS, 'personal'],
  [DEVICE, 'personal'],
  [FREEBIES, 'personal'],
  [AGELIES, 'personal'],
  [APPROACHES, 'personal'],
  [HOUSEHOLD, 'personal'],
  [DOXXING, 'personal'],
  [DOUBLING, 'personal'],
  [DETAILS, 'personal'],
  [BEFRIENDING, 'personal'],
  [LURES, 'personal'],
  [LOCATING, 'personal'],
  [WORLDASKS, 'personal'],
  [CALLS, 'personal'],
  [SOFTGROOMING, 'personal'],
  [SCHOOLHOME, 'personal'],
  [HARM, 'harm'],
  [CHAINLETTERS, 'harm'],
  [DESPAIR, 'harm'],
  [SLANG_DESPAIR, 'harm'],
  [PLAIN_DESPAIR, 'harm'],
  [SELFHURTING, 'harm'],
  [DANGER, 'harm'],
  [NICOTINE, 'harm'],
  [SUBSTANCES, 'harm'],
  [DRUGSLANG, 'harm'],
  [PRESSURE, 'harm'],
  [MENACE, 'harm'],
  [BLACKMAIL, 'harm'],
  [MANIPULATION, 'harm'],
  [CRUELTY, 'harm'],
  [GOADING, 'harm'],
  [EATING, 'harm'],
  [VEILED_GOADING, 'harm'],
  [ISOLATING, 'harm'],
  [VIOLENCE, 'harm'],
  [EXTREMISM, 'harm'],
  [SCHOOLYARD, 'harm'],
  [STEERING, 'harm'],
  [STUNTS, 'harm'],
  [SHAMING, 'harm'],
  [CURSES, 'harm'],
  [DARES, 'harm'],
  [FAREWELL, 'harm'],
  [FIGHTS, 'harm'],
  [WORTHLESS, 'harm'],
  [THREATS, 'harm'],
  [DISCLOSURES, 'harm'],
  [COMEUPPANCE, 'harm'],
  [UNKIND, 'word'],
  [PUTDOWNS, 'word'],
  [HATE, 'word'],
  [PILEONS, 'word'],
  [ROASTS, 'word'],
  [PREJUDICE, 'word'],
  [OTHERING, 'word'],
  [ABLEISM, 'word'],
  [STEREOTYPES, 'word'],
  [LANGUAGES, 'word'],
  [WORLDCURSES, 'word'],
  [BODYSHAMING, 'word'],
  [CONTEMPT, 'word'],
  [GROUPCONTEMPT, 'word'],
  [REACHING, 'contact'],
  [OFFSITE, 'contact'],
  [SEARCHING, 'contact'],
  [PROMOTING, 'contact'],
  [TEXTSPEAK, 'contact'],
  [GAMING, 'contact'],
  [GAMEINVITES, 'contact'],
  [HIDEAWAY, 'contact'],
  [HANDLES, 'contact'],
  [APPNAMES, 'contact'],
  [HINTEDAPPS, 'contact'],
] as const;
