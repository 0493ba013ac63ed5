/**
 * The guard's rates as issue 53 measures them from outside: of the fresh sets of tricks written by
 * class (tests/guard/fresh-tricks*.txt), at most 10 % may publish; of the ordinary notes, at most
 * 5 % may be held or refused. The rates and every miss are printed (also by
 * `npx tsx scripts/guard-rates.ts`).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measure, report } from '../../scripts/guard-rates';

const file = (name: string) => fileURLToPath(new URL(`../guard/${name}`, import.meta.url));

describe('the guard’s measured rates', () => {
  it.each([
    ['the second set (written before its fixes)', 'fresh-tricks.txt', 'fresh-ordinary.txt'],
    ['the third set (written after the second set’s fixes)', 'fresh-tricks-2.txt', 'fresh-ordinary-2.txt'],
    ['the fourth set (written after the third set’s fixes)', 'fresh-tricks-3.txt', 'fresh-ordinary-3.txt'],
    ['the fifth set (probes for gaps, not held out)', 'fresh-tricks-4.txt', 'fresh-ordinary-4.txt'],
    ['the sixth set (written after the fifth set’s fixes)', 'fresh-tricks-5.txt', 'fresh-ordinary-5.txt'],
    ['the seventh set (written after the sixth set’s fixes)', 'fresh-tricks-6.txt', 'fresh-ordinary-6.txt'],
    [
      'the eighth set (probes for classes not named before: logins, looks, insults, number lists)',
      'fresh-tricks-7.txt',
      'fresh-ordinary-7.txt',
    ],
    [
      'the ninth set (probes for other digits and dots, borrowed Scratch names, short links, abbreviations, backwards)',
      'fresh-tricks-8.txt',
      'fresh-ordinary-8.txt',
    ],
    [
      'the tenth set (probes for chain messages, scams, someone else’s details, drugs and drink)',
      'fresh-tricks-9.txt',
      'fresh-ordinary-9.txt',
    ],
    [
      'the eleventh set (probes for network addresses, pretend staff, betting, weapons, body talk, voice and camera)',
      'fresh-tricks-10.txt',
      'fresh-ordinary-10.txt',
    ],
    [
      'the twelfth set (probes for secrecy, indirect questions, giveaways, unnamed apps, codes, coded self-harm, running away, threats)',
      'fresh-tricks-11.txt',
      'fresh-ordinary-11.txt',
    ],
    [
      'the thirteenth set (probes for dares, not eating, dox and hack threats, emoji requests, parental controls, not existing, foreign and scattered numbers)',
      'fresh-tricks-12.txt',
      'fresh-ordinary-12.txt',
    ],
    [
      'the fourteenth set (probes for defanged and newer-domain links, links dressed as Scratch, fake perks, dating, adult ages, crypto and gambling, landmarks, bullying about looks or identity)',
      'fresh-tricks-13.txt',
      'fresh-ordinary-13.txt',
    ],
    [
      'the fifteenth set (probes for split requests, other contact verbs, other handle prefixes, private studios, pressure and threats, setting others on one person)',
      'fresh-tricks-14.txt',
      'fresh-ordinary-14.txt',
    ],
    [
      'the sixteenth set (probes for the A1Z26 cipher, pig Latin, acrostics, threats to family or pets, self-harm means, hate recruiting, sexual slang in hu/ga/fa)',
      'fresh-tricks-15.txt',
      'fresh-ordinary-15.txt',
    ],
    [
      'the seventeenth set (probes for letters spelt as words or shifted, apps without vowels or as emoji, game lobby codes, gift-card codes and account trades, script links, Finglish)',
      'fresh-tricks-16.txt',
      'fresh-ordinary-16.txt',
    ],
    [
      'the eighteenth set (probes for contact and personal questions in other languages and scripts, regional apps and nicknames, emoji for apps or calls)',
      'fresh-tricks-17.txt',
      'fresh-ordinary-17.txt',
    ],
    [
      'the nineteenth set (probes for one’s own details given unasked, ways off the site without a link, money and payments, hate symbols and coded hate, despair in one’s own words, vaping and energy-drink dares)',
      'fresh-tricks-18.txt',
      'fresh-ordinary-18.txt',
    ],
    [
      'the twentieth set (probes for roleplay to groom, pictures of the body, parents asleep or a device checked, evading moderation, cruelty to animals, dingbat and other digit styles)',
      'fresh-tricks-19.txt',
      'fresh-ordinary-19.txt',
    ],
    [
      'the twenty-first set (probes for links and off-site addresses in disguise: look-alike, fullwidth and invisible characters in a domain, the dot and the slash in words, reversed and spelt-out domains, shorteners, network addresses, punycode, searching for a site)',
      'fresh-tricks-20.txt',
      'fresh-ordinary-20.txt',
    ],
    [
      'the twenty-second set (probes for flattery that isolates, secrecy and gifts, ages asked roundabout, pressure to prove trust, meeting up, coded sexual emoji and slang, bullying and dogpiling, goading to self-harm, doxxing others)',
      'fresh-tricks-21.txt',
      'fresh-ordinary-21.txt',
    ],
    [
      'the twenty-third set (probes for messages hidden in the shape of the text: decoys between letters, every k-th or last letter, words turned round, small capitals, tag characters, right-to-left overrides, braille, character codes, bracketed decoys, phone numbers as sums or number words)',
      'fresh-tricks-22.txt',
      'fresh-ordinary-22.txt',
    ],
    [
      'the twenty-fourth set (probes for accounts, passwords, login codes, phishing, pretend Scratch staff or admins, private chat projects, chat on Scratch mods, a parent’s card or phone, the recovery e-mail)',
      'fresh-tricks-23.txt',
      'fresh-ordinary-23.txt',
    ],
    [
      'the twenty-fifth set (probes for dangerous challenges under other names, self-harm signals in slang, doing it together, eating-disorder talk, a parent’s pills and cough syrup, huffing, risky stunts filmed)',
      'fresh-tricks-24.txt',
      'fresh-ordinary-24.txt',
    ],
    [
      'the twenty-sixth set (probes for threats against a school or an event, finding or hurting someone offline, hacking, ddos and swatting threats, buying or making weapons and explosives, glorifying attackers)',
      'fresh-tricks-25.txt',
      'fresh-ordinary-25.txt',
    ],
    [
      'the twenty-seventh set (probes for sexual harassment, body comments and dating pressure aimed at a child: looks rated, puberty and sizes asked, dating forced, innuendo, sexual acronyms, an avatar or a voice talked about sexually)',
      'fresh-tricks-26.txt',
      'fresh-ordinary-26.txt',
    ],
    [
      'the twenty-eighth set (probes for spam and self-promotion off the site: follow-for-follow and sub-for-sub, one’s channel, stream or video, creator and referral codes, fake giveaways and generators, money made from home, coins and NFT drops, chain messages, paid services off the site)',
      'fresh-tricks-27.txt',
      'fresh-ordinary-27.txt',
    ],
    [
      'the twenty-ninth set (probes for the held classes in other languages Scratchers write: grooming and secrecy, pictures without clothes, despair, goading to self-harm, threats and bullying in Spanish, Portuguese, German, French, Italian, Polish, Turkish, Dutch, Russian, Ukrainian, Arabic, Indonesian and Hindi)',
      'fresh-tricks-28.txt',
      'fresh-ordinary-28.txt',
    ],
    [
      'the thirtieth set (probes for code-switching, text-speak and emoji sentences: contact lines switching language mid-sentence, chat abbreviations, sentences written in emoji, run-on voice-to-text lines, shouting and stretched letters, in hu/ga/fa)',
      'fresh-tricks-29.txt',
      'fresh-ordinary-29.txt',
    ],
    [
      'the thirty-first set (probes for drugs, alcohol and gambling aimed at children: drink taken from home or bought for a child, weed, edibles and pens shared, coded drug words and emoji with a sale or an invitation, where to buy without ID, game money staked on coinflip, jackpot and case-opening sites, real money bet)',
      'fresh-tricks-30.txt',
      'fresh-ordinary-30.txt',
    ],
    [
      'the thirty-second set (probes for sextortion, blackmail and threats to expose: a picture or a chat held over a child, claims of having recorded or screenshotted, pressure after a first picture, silence bought with robux, messages shown to others, a reputation or an account ruined)',
      'fresh-tricks-31.txt',
      'fresh-ordinary-31.txt',
    ],
    [
      'the thirty-third set (probes for where a child is, in disguise: GPS coordinates in any notation, plus codes and what3words, pins and location-sharing apps, postcodes, zip codes and Eircodes given or asked, daily routines that say where and when a child is alone, in hu/ga/fa)',
      'fresh-tricks-32.txt',
      'fresh-ordinary-32.txt',
    ],
    [
      'the thirty-fourth set (probes for game accounts and friend codes as a way to be reached off Scratch: console and game friend codes, gamertags and in-game names offered or asked, private servers, realms, worlds and room codes, moving into a game’s party, voice or private chat)',
      'fresh-tricks-33.txt',
      'fresh-ordinary-33.txt',
    ],
    [
      'the thirty-fifth set (probes for payments, gift cards and account trading asked of children: a store card’s code, PIN, numbers or picture, the silver strip scratched off, payment handles and bank details, phone credit and app-store top-ups, accounts for sale or swapped, a card’s expiry date and CVV, a child’s bank account used to pass money on, rewards for a picture, a number or a call)',
      'fresh-tricks-34.txt',
      'fresh-ordinary-34.txt',
    ],
    [
      'the thirty-sixth set (probes for links that look like Scratch’s but leave it: another site after Scratch’s name, Scratch misspelt, look-alike letters in Scratch’s own name, paths and queries that walk out of Scratch; and links hidden in markdown or HTML: reference links, autolinks, linked pictures, anchors, iframes, forms, entities in a scheme)',
      'fresh-tricks-35.txt',
      'fresh-ordinary-35.txt',
    ],
    [
      'the thirty-seventh set (probes for emotional blackmail and manipulation of a child: self-harm threatened to control a child, guilt trips and debts, a child made responsible for an adult’s feelings, love-bombing, silence and leaving as punishment, tests of loyalty, in English, Hungarian, Irish and Persian)',
      'fresh-tricks-36.txt',
      'fresh-ordinary-36.txt',
    ],
    [
      'the thirty-eighth set (probes for running away, sneaking out and being picked up by someone from online: offers to come and get a child, rides, ubers, taxis and tickets paid, a place to stay, sneaking out at night or past sleeping parents, leaving home for good, cover stories for parents, parents away so someone can come over, in hu/ga/fa)',
      'fresh-tricks-37.txt',
      'fresh-ordinary-37.txt',
    ],
    [
      'the thirty-ninth set (probes for coordinated harassment and pile-ons: reporting someone until they are banned, false reports coordinated, raiding a profile or its comments, exclusion campaigns, a child shared to be mocked, ratio and one-star campaigns, hate studios and mobs against a person)',
      'fresh-tricks-38.txt',
      'fresh-ordinary-38.txt',
    ],
    [
      'the fortieth set (probes for adults seeking children and false ages: adults looking for children by an age group or as young or younger friends, an age said not to matter, lies about age or identity told to a child, a real age kept secret, and questions testing whether a child is young enough or unsupervised)',
      'fresh-tricks-39.txt',
      'fresh-ordinary-39.txt',
    ],
    [
      'the forty-first set (probes for dehumanising and prejudiced statements about groups without a slur: disabled people, a religion, a nationality or an ethnicity, girls, gay and trans people said to be broken, less than human, animals, ill or criminal, groups to be expelled or lose rights, girls said unable to code, stereotypes as insults, Holocaust and genocide jokes, the r-word written around, in hu/ga/fa)',
      'fresh-tricks-40.txt',
      'fresh-ordinary-40.txt',
    ],
    [
      'the forty-second set (probes for tricks that make a child harm their own device or account: code pasted into the browser console or address bar, files downloaded and run, antivirus, Defender and firewall turned off, unknown sources allowed, system32 deleted, alt+f4, projects or an account deleted for a reward, cookies, session tokens and browser storage handed over, remote control of the device, in hu/ga/fa)',
      'fresh-tricks-41.txt',
      'fresh-ordinary-41.txt',
    ],
    [
      'the forty-third set (probes for authority impersonated to scare or extract: the police, the FBI, a detective, a teacher, a school, a coach, a doctor, a nurse, a social worker or a parent claimed to get a child’s details, a picture or a pickup, and arrest, jail or a fine threatened over a game)',
      'fresh-tricks-42.txt',
      'fresh-ordinary-42.txt',
    ],
    [
      'the forty-fourth set (probes for fake talent scouts, modelling, fame and collaboration offers: scouts, agents and castings asking for pictures, fame, a role or a place in a video offered for a call, a number or a meeting, agencies looking for children by age, paid shoots and portfolios, collabs, editor jobs and sponsor deals moving a child off the site, in hu/ga/fa)',
      'fresh-tricks-43.txt',
      'fresh-ordinary-43.txt',
    ],
    [
      'the forty-fifth set (probes for intimate and sexualised questions and remarks to a child: what they wear or sleep in, underwear and bras, developing and puberty, their body described, bathing, showering and changing, kissing and experience asked or taught, touching and secret games, body parts named coyly or with emoji, compliments that sexualise a child, in hu/ga/fa)',
      'fresh-tricks-44.txt',
      'fresh-ordinary-44.txt',
    ],
    [
      'the forty-sixth set (probes for shock, gore and adult content steered to without a link: shock and gore videos and memes searched by name, gore and adult sites named or spelled around, the orange and black website, rule 34, r34 and nsfw versions of a character, hentai, onlyfans, adult creators and games, and searches dared as not for kids or sure to scar, in hu/ga/fa)',
      'fresh-tricks-45.txt',
      'fresh-ordinary-45.txt',
    ],
    [
      'the forty-seventh set (probes for dangerous dares and stunts off the screen and small crimes urged: train tracks, pylons, roofs, cliffs, bridges and cranes, traffic and car surfing, ingestion dares, chroming and inhalants, breath-holding, locking in, the skull breaker, sockets, batteries and frozen poles, shoplifting, stealing from parents, vandalism, trespassing, prank calls, fire alarms, ding-dong-ditch and throwing at cars, in hu/ga/fa)',
      'fresh-tricks-46.txt',
      'fresh-ordinary-46.txt',
    ],
    [
      'the forty-eighth set (probes for eating disorders and body-image pressure aimed at a child: meals skipped, fasting, calorie limits and water, ice or gum instead of food told to a child, purging, laxatives, diet pills and detox teas, pro-ana words spelt around, body checks and weight goals, weight and body shaming at a person, prettier or more popular if you lost weight, and secrecy from parents around not eating, in hu/ga/fa)',
      'fresh-tricks-47.txt',
      'fresh-ordinary-47.txt',
    ],
    [
      'the forty-ninth set (probes for sexual slang and compound forms aimed at a child: feet, thigh, bikini, mirror, bed, spicy and sus pics, exclusive content for money and “hmu for pics”, lewd, body counts and “have you done it”, sugar daddies, mommies and babies and spoiling, e-kittens, kitten and daddy said to a person, “send something cute” with a wink, “prove you’re a girl” for a voice or a picture, rewards for any of these, in hu/ga/fa)',
      'fresh-tricks-48.txt',
      'fresh-ordinary-48.txt',
    ],
    [
      'the fiftieth set (probes for veiled goading to suicide or self-harm in internet euphemisms: delete, uninstall, unsubscribe, log off, alt+f4, ctrl+z or rage-quit yourself or life, the world better without you, why are you still alive, bleach, a live wire, a bridge, rope time, sleep forever, end it, the easy way out, knot and gun emoji, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-49.txt',
      'fresh-ordinary-49.txt',
    ],
    [
      'the fifty-first set (probes for cruelty that isolates a child from family and friends: parents divorcing, fighting or broke because of you, you were a mistake or an accident, a sibling loved more, friends who pretend or laugh behind your back, a group chat, a party or a sleepover without you, nobody at your birthday, your teacher hates you too, no real friends but me, told as a secret, in hu/ga/fa)',
      'fresh-tricks-50.txt',
      'fresh-ordinary-50.txt',
    ],
    [
      'the fifty-second set (probes for threats to find, wait for or hurt a child offline in everyday words: waiting at the gate, the bus stop, the corner or after practice, “I’ll find you”, “you can’t hide”, “you won’t get away”, “you’re dead tomorrow”, “better not come to school”, 1v1 or settle it irl, come outside and fight, a brother, a cousin or friends sent to get or jump you, “see you on the way home”, fist, knife and devil emoji, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-51.txt',
      'fresh-ordinary-51.txt',
    ],
    [
      'the fifty-third set (probes for lies about age and accounts urged on a child: a false birthday, birth year or age entered or said, “click I’m over 18” and the box that says you’re 13, age checks, gates, scans and teen accounts bypassed, a parent’s or sibling’s account, card, phone or e-mail to sign up or buy, an account made without asking or in secret, a fake name and age, VPNs and proxies past a school’s or a parent’s block, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-52.txt',
      'fresh-ordinary-52.txt',
    ],
    [
      'the fifty-fourth set (probes for freebies, prizes and glitches offered for a child’s details without a link: a free phone, tablet, console, robux, v-bucks, nitro, skins, “Scratch premium”, a membership, a verified badge, a featured spot or followers for an address, a full name, a school, a phone number, a parent’s card, a login, a password or a photo, what someone “just needs”, a relative who works at a company, fake glitches and generators, “reply with your email and password to enter”, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-53.txt',
      'fresh-ordinary-53.txt',
    ],
    [
      'the fifty-fifth set (probes for moving a child somewhere private or secret in everyday words: a quieter or more private place to talk, “just the two of us”, somewhere the mods or parents can’t see, “don’t tell anyone we talk”, messages deleted after reading, an incognito tab or a second account to talk, contact details hidden in a costume, a sprite, a title, the notes or credits, backwards or in a code, the same name elsewhere, apps named around (“rhymes with”, “you know which app”), links or files promised “in a sec”, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-54.txt',
      'fresh-ordinary-54.txt',
    ],
    [
      'the fifty-sixth set (probes for grooming approaches in everyday words: flattery that sets a child above their parents or the other kids, looks tied to an age, an adult’s real age let slip or a false age told, roleplay of a teacher, a boss, a doctor or a boyfriend, “you’re in trouble, come to my office”, strict parents and checked phones, “are you allowed”, “is anyone home”, when school finishes, which bus, walking home or picked up, the wifi’s name, the view from a window, weight, height, size and “what do you look like”, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-55.txt',
      'fresh-ordinary-55.txt',
    ],
    [
      'the fifty-seventh set (probes for threats, exposure and hate in new forms: fake, edited and AI pictures, deepfakes, face swaps and voice clones of a child made or threatened to shame them, hate pages, accounts, studios, videos and group chats about a person, servers and clubs that hate a people, calls to send back, ban or kick out a people, content steered to as “not for kids”, “18+” or “don’t tell your mom you watched”, running away together on a ticket paid, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-56.txt',
      'fresh-ordinary-56.txt',
    ],
    [
      'the fifty-eighth set (probes for harm wished on a person and extortion in everyday words: death, illness, an accident, fire or pain hoped, wished or prayed for on a child, their family, their pet or their home, “I’d laugh if”, “can’t wait till”, curses, and an account, a password, projects or files said to be taken with robux, money, gift cards or obedience demanded or else deleted, posted, leaked or banned, in a jokey frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-57.txt',
      'fresh-ordinary-57.txt',
    ],
    [
      'the fifty-ninth set (probes for alcohol, drugs and dares to the body in everyday words: a bottle of vodka finished as a challenge, a shot for every death in a game, a beer taken from the fridge, vodka in a water bottle, “special” gummies, brownies, cookies and candy that make you feel funny or float, “smoke this with me”, pills from a parent’s drawer, sniffing spray cans, a hand on a stove or over a lighter, cutting, scratching or biting till it bleeds, coins and soap swallowed to “see what happens”, days without food as a challenge, starving urged as a compliment, in hu/ga/fa)',
      'fresh-tricks-58.txt',
      'fresh-ordinary-58.txt',
    ],
    [
      'the sixtieth set (probes for a child’s family, home, looks and voice asked in everyday words: a parent’s or sibling’s name, job or age, who lives with the child, a parent away, a room of their own, where the phone or computer sits at night, the town, region or part of the country, “describe yourself”, “what do you look like”, hair, eyes, skin and clothes, a voice note, a recording of the voice, zoom, meet and facetime codes, in a friendly frame, in hu/ga/fa)',
      'fresh-tricks-59.txt',
      'fresh-ordinary-59.txt',
    ],
    [
      'the sixty-first set (probes for self-harm and suicide signals in a child’s own words: cuts, scars, bruises or blood hidden from a parent, long sleeves so nobody sees, how to cut unseen, whether cutting hurts more than burning, how much of something kills, the least painful way to go, pills saved or counted, a bridge or a roof tonight, a rope ready, a goodbye letter or note written, goodbyes sent “for me”, an account, projects or a pet handed on “when I’m gone”, a last post with a farewell, in hu/ga/fa)',
      'fresh-tricks-60.txt',
      'fresh-ordinary-60.txt',
    ],
    [
      'the sixty-second set (probes for cruelty at a person’s worth and existence and disabled people put down: nobody will ever love you, a waste of space or air, worthless, ashamed of existing, told to disappear, vanish or leave forever, better never born, a gun or a coffin pictured as an improvement, autistic, deaf, blind, wheelchair-using, ADHD or dyslexic people called annoying, useless, a burden or not real people, a disability used as an insult, in hu/ga/fa)',
      'fresh-tricks-61.txt',
      'fresh-ordinary-61.txt',
    ],
    [
      'the sixty-third set (probes for doxxing of another child and money schemes aimed at children: a real name, school, address, street, house, face, photos, insta or parents’ names offered, sold, traded, leaked or posted, “want it?”, “for 100 robux”, “post his face everywhere”, where he lives or which school she goes to found out, “let’s find him irl”, “dox”, money doubled, tripled or flipped, “send me 5 and get 50 back”, lunch, pocket and birthday money, easy money with a payment handle, “whats ur cashapp”, paid homework and tasks, referral and pyramid schemes, crypto and trading pitched, in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-62.txt',
      'fresh-ordinary-62.txt',
    ],
    [
      'the sixty-fourth set (probes for put-downs aimed at the person and crude abbreviations: a face, a brain, an IQ or a smell mocked, no friends or a cat as the only friend, few followers, “cry more”, “go cry to ur mommy”, an NPC or a tryhard, “the personality of a brick”, told to quit coding, delete an account, touch grass or get a life, “imagine being this bad”, “ur so cringe”, “nobody asked”, “pathetic”, “did ur little brother make this”, stfu, gtfo, “wtf is wrong with u”, dumbass, smartass, “sucks balls”, “shut ur mouth”, in text-speak, in hu/ga/fa)',
      'fresh-tricks-63.txt',
      'fresh-ordinary-63.txt',
    ],
    [
      'the sixty-fifth set (probes for threats, hurting others and attacks on accounts: kill, punch, stab, smack or beat up him, her, you or that kid, “ur dead meat”, “hes getting punched”, “ur gonna regret this”, “sleep with one eye open”, a phone or a pc smashed or wished to explode, “if u tell anyone ill delete ur projects”, “do it or ill hack u”, accounts hacked, taken over or deleted as a threat, a boast or an offer, “i got ur password”, ddos and ip loggers, “lets raid this studio”, spam with hate, mass reports, a crowd sent to a profile to say mean things, in text-speak, in hu/ga/fa)',
      'fresh-tricks-64.txt',
      'fresh-ordinary-64.txt',
    ],
    [
      'the sixty-sixth set (probes for disclosures and risky habits in a child’s own words: a parent, step-parent or sibling who hits, slaps, punches, kicks or beats “me”, bruises from my dad, locked in my room all weekend, nobody feeds me, left home alone for days, days without eating to lose weight, throwing up after meals, a few hundred calories a day, getting drunk, “beer is good”, a parent’s vodka, vaping and smoking before school, skipping school together, running away from home, sleeping in the park, breath-holding, choking and scarf challenges, in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-65.txt',
      'fresh-ordinary-65.txt',
    ],
    [
      'the sixty-seventh set (probes for grooming, secrecy and lures in a child’s own words: “our little secret”, chats kept secret or between us, messages deleted or cleared before a parent checks, “don’t show your mom what we talk about”, “nobody needs to know we talk”, parents or friends said not to understand or care, mean, fake or controlling, “you deserve better”, “you only have me”, a number sent in the dms, another, second or alt account to talk or see “something hot”, a bio read then “message me”, free robux, v-bucks, nitro, skins, gift cards or premium and giveaways (“first 10 win”) through a profile, a bio or a link, chat apps written with a symbol or a digit inside (snapch@t, d!scord, wh@tsapp, ins+a), in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-66.txt',
      'fresh-ordinary-66.txt',
    ],
    [
      'the sixty-eighth set (probes for a child’s own details asked with nothing but “your” before them: an address or “addy”, a full, real, last or legal name, a surname, a phone number or “digits”, a zip code, postcode or Eircode, a street or house number, a date of birth, an exact or live location, an IP address, “ur address pls”, “postcode?? whats urs”, a picture, selfie or video of oneself asked, when a child’s parents are not home or go to work, “how young are you”, in hu/ga/fa)',
      'fresh-tricks-67.txt',
      'fresh-ordinary-67.txt',
    ],
    [
      'the sixty-ninth set (probes for hate and prejudice at groups and identities in everyday words, without a slur: “we dont want ur kind”, “ur own people”, “those people always ruin”, people from “ur country” called dumb or thieves, “ur english is so bad”, an accent, a religion, skin or hair mocked, “of course its bad, ur from india”, “typical french”, a religion blamed, “jews control scratch”, a people said to run the internet, girls who “cant code” or should stick to cooking, boys “trash at art”, “typical girl”, “no homo”, “thats so gay”, “ur such a homo”, a level “gay af”, “stupid autistic game”, the r-word spelled around, “r u special needs”, in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-68.txt',
      'fresh-ordinary-68.txt',
    ],
    [
      'the seventieth set (probes for phishing, staff impersonated, money bets and links spelled around: an “official notice” from the Scratch Team, the moderators or the jam’s staff with an account to verify, a ban to appeal or a reward to claim, accounts recovered, unbanned or upgraded for free, bets and wagers with money, gift cards, robux or PayPal, “loser pays”, addresses with a comma or in brackets, “search X on youtube”, “look me up on tiktok”, in hu/ga/fa)',
      'fresh-tricks-69.txt',
      'fresh-ordinary-69.txt',
    ],
    [
      'the seventy-first set (probes for where a child is and which school, asked in everyday words, and threats in idioms: a grade, a year or a class, a teacher’s name, the school’s mascot, team, uniform or colours, when lunch is and when school ends, the time zone, what time it is there, night or rain where they are, near a named city, the same country or state, the US or the UK, which state or city, the nearest big city, how they get home; “i’ll make ur life hell”, “ur finished”, “u’ll see tomorrow at school”, “wait till i find u”, “ur gonna get it”, “ur days are numbered”, in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-70.txt',
      'fresh-ordinary-70.txt',
    ],
    [
      'the seventy-second set (probes for tricks as children in Hungary, Ireland and Iran write them: put-downs at a person (csicska, nyomi, lúzer, hülye, béna vagy; is amadán thú, i do bhómán, a leadhb; خنگ خدا، احمق، بیشعور; ahmagh, khengi, bishoor in Finglish), an age, a school, an address, a phone number or a picture asked, meeting up after school, private messages and chat apps, a secret from parents, self-harm goaded and threats (maraigh tú féin, brisfidh mé do smig, khodeto bokosh, mizanamet), free robux for a password, in hu/ga/fa with and without accents, in text-speak and Finglish)',
      'fresh-tricks-71.txt',
      'fresh-ordinary-71.txt',
    ],
    [
      'the seventy-third set (probes for grooming in everyday words: a stranger there for a lonely child “anytime, just us”, in bed right now, alone in their room, a locked door, nice legs, a crop top in the next video, how developed, grown-up stuff taught, “my little princess”, “hey baby girl”, an nsfw version just for you, a sleepover at my place, an uncle’s van, a lift home, sneaking out unnoticed, a window left open, gifts sent if the child says where, “if you were older i’d date you”, in hu/ga/fa)',
      'fresh-tricks-72.txt',
      'fresh-ordinary-72.txt',
    ],
    [
      'the seventy-fourth set (probes for roasts, backhanded insults and exclusion: “u r the reason they put instructions on shampoo”, “if i had a dollar for every time u…”, “even my dog codes better than u”, “u make a potato look smart”, “not bad for a girl”, “good for a little kid”, “not trash for once”, “nobody in this studio likes u”, “we all voted to kick u out of the studio”, “ur not invited to our collab”, “everyone laughs at ur games behind ur back”, a child’s voice, accent or face in their video mocked, in hu/ga/fa)',
      'fresh-tricks-73.txt',
      'fresh-ordinary-73.txt',
    ],
    [
      'the seventy-fifth set (probes for platform abbreviations, handles and “same @” contact asks: tt, ig, sc, dc, yt, fb, snap, “the bird app”, “the clock app”, “the ghost app”, “the red play button site” with the same @, name, user or pfp, “my @ on tt is”, “my handle everywhere is”, “my tt is name_22”, “whats ur ig”, a main or other account off Scratch where “the real stuff” is, handles in spaced letters or symbols, in text-speak, in hu/ga/fa)',
      'fresh-tricks-74.txt',
      'fresh-ordinary-74.txt',
    ],
    [
      'the seventy-sixth set (probes for real-world identification and watching: “i know who u are irl”, in my class, school or street, “ur the kid from room 12”, a sibling who told a username, seen at the mall, the park, the bus or at lunch, a profile, page or activity watched or stalked for months, online times known, a house, street, school, uniform or face recognised from a video, a picture or an avatar, “i know what u look like now”, found or waited for at school, the bus stop or irl, in hu/ga/fa)',
      'fresh-tricks-75.txt',
      'fresh-ordinary-75.txt',
    ],
    [
      'the seventy-seventh set (probes for despair and self-harm in teen slang, emoji and short forms: kms, kys at oneself, unalive, sewer slide, ctb, catching the bus, taking the L forever, a knife, blood, pills, a noose or a coffin emoji with “me”, never waking up, not wanting to be here, being a burden, nobody noticing if one was gone, a last post with a black heart, “pls end me”, wrists a mess, in hu/ga/fa)',
      'fresh-tricks-76.txt',
      'fresh-ordinary-76.txt',
    ],
    [
      'the seventy-eighth set (probes for profanity, insults and put-downs in the world’s other languages: swear words and sexual insults in Spanish, Portuguese, French, German, Italian, Polish, Russian in Latin letters, Turkish, Dutch, Indonesian and Tagalog, “your mother” insults, “go to hell” and “f off” phrases, a person called stupid or an idiot, and the same words in hu/ga/fa notes)',
      'fresh-tricks-77.txt',
      'fresh-ordinary-77.txt',
    ],
    [
      'the seventy-ninth set (probes for a child’s contact and personal details asked or given in the world’s other languages: a phone number in number words in Portuguese, Polish, Turkish, Indonesian and Russian in Latin letters, “add me” or “message me” with an app, age, home, city, school, class, real name and a photo asked, one’s own name or class given with a city or a school, in es/pt/de/fr/it/pl/tr/id/ru and hu/ga/fa)',
      'fresh-tricks-78.txt',
      'fresh-ordinary-78.txt',
    ],
    [
      'the eightieth set (probes for extremism, hate codes and violence against a school: isis, al qaeda, the taliban, bin laden and the caliphate praised or joined, “join the jihad”, “allahu akbar” with a boom, 9/11 as epic, columbine, eric and dylan, the supreme gentleman, breivik and school shooters called heroes, legends or kings, a school shooter simulator, a gun brought to school, “don’t come to school, iykyk”, 1488 gang, 88 = hh, the 14 words as facts, the holocaust a hoax, fake, exaggerated or “6 million is a lie”, a bomb’s recipe or stuff, a molotov, in hu/ga/fa)',
      'fresh-tricks-79.txt',
      'fresh-ordinary-79.txt',
    ],
    [
      'the eighty-first set (probes for drugs, alcohol and vaping in children’s slang: high, zooted, faded, cross faded, blazed, stoned, baked, tipsy, wasted, geeked, a perc, xans, bars, an addy, molly or oxys popped, taken or offered, a parent’s pills taken, gas, zaza, loud, blunts, a cart or a pen hit or passed, lean sipped, pens, carts and bars sold at school, a plug, 420 and the leaf, smoke, mushroom and pill emoji, in hu/ga/fa)',
      'fresh-tricks-80.txt',
      'fresh-ordinary-80.txt',
    ],
    [
      'the eighty-second set (probes for grooming by invitation: voice and video calls offered to a child in every wording, hop or jump on vc, join my zoom, a call, skype, facetime or google meet with “just us”, “tonight” or “when ur parents are asleep”, ring me later, pick up when i call, gifts or money for a meeting, a call or pictures, “i’m like ur big brother”, a cool aunt, an older friend, trust me more than your parents, something naughty or fun nobody has to know about, apps by their short names: disc, dc, insta, snap, tele, wa, in hu/ga/fa)',
      'fresh-tricks-81.txt',
      'fresh-ordinary-81.txt',
    ],
    [
      'the eighty-third set (probes for body shaming and pile-on campaigns against a person: weight, thinness, height, skin, acne, teeth, hair, face, voice, clothes, glasses, braces and the way someone walks or talks mocked at them or at “him”, “her” or “this kid”, “you look like a whale”, “go on a diet fatty”, “pizza face”, “four eyes”, “lose 50 pounds”, calls to block, unfollow, ignore, report, ratio, spam or exclude a person, “nobody follow him”, “kick him out of every studio”, “quit life”, “quit scratch forever”, “no one will miss u”, in hu/ga/fa)',
      'fresh-tricks-82.txt',
      'fresh-ordinary-82.txt',
    ],
    [
      'the eighty-fourth set (probes for famous Scratchers and the Scratch Team impersonated, deletion threatened and followers sold, and chain letters that scare: “im the real griffpatch, this is my alt, follow me”, a Scratch Team member’s or a moderator’s claim with a demand, an account said to belong to the official staff, a project deleted or an account banned unless you follow, share or love, followers, love-its and features for robux, money, a gift card or a password, followers sold, f4f, share or paste this or a ghost, a death, bad luck, Scratch Cat at your house or a crush who never likes you back, in hu/ga/fa)',
      'fresh-tricks-83.txt',
      'fresh-ordinary-83.txt',
    ],
    [
      'the eighty-fifth set (probes for profanity, insults and a child’s details asked in other scripts and in Hinglish: Russian and Ukrainian in Cyrillic, Arabic, Hindi in Devanagari, Hinglish and Urdu in Latin letters and Greek: сука блять, иди нахуй, долбоёб, كس امك، يا حمار، يلعن ابوك, chutiya, bhenchod, madarchod, teri maa ki, μαλάκα, скока тебе лет, кинь свою фотку, عمرك كام، ارسل صورتك, kaha rehta hai, apni photo bhej, πού μένεις, in hu/ga/fa)',
      'fresh-tricks-84.txt',
      'fresh-ordinary-84.txt',
    ],
    [
      'the eighty-sixth set (probes for grooming in soft, everyday words: pretty or cute irl with a pic, a child made someone’s favourite, special or only one and told not to tell the others, “my dms r always open for u, only u”, what a child can’t tell their parents, things taught that parents won’t, “not like the other kids”, a child’s body changing, puberty, “don’t be shy, show me”, “prove it”, “just once”, “no one will know”, in hu/ga/fa)',
      'fresh-tricks-85.txt',
      'fresh-ordinary-85.txt',
    ],
    [
      'the eighty-seventh set (probes for despair and suicide said in plain words, without slang: an ending planned with a time, “gonna end it this weekend”, “tonight’s the night”, being gone with “don’t worry”, a plan, “i can’t do this anymore”, “what’s the point of anything”, wanting the pain to stop, nobody loves me, better off if i disappeared, the world doesn’t need me, projects given away one won’t need, thanks for everything with sorry, a note written, letters for one’s family to find, in hu/ga/fa)',
      'fresh-tricks-86.txt',
      'fresh-ordinary-86.txt',
    ],
    [
      'the eighty-eighth set (probes for fights planned and put-downs: a group told to jump someone after school, “catch me outside”, “meet me behind the gym”, “ima fight u at lunch”, swinging on someone, a 1v1 irl, “catch these hands”; contempt at a person: “ur game is trash and so r u”, “you’re the reason scratch is dying”, “ugly ahh profile pic”, “go to hell”, “get off scratch”, “nobody likes you here”, “you’re a disgrace”; a disability used at a person: “ur autistic lol”, “did u forget ur meds again psycho”; in hu/ga/fa)',
      'fresh-tricks-87.txt',
      'fresh-ordinary-87.txt',
    ],
    [
      'the eighty-ninth set (probes for contact arranged through games and consoles: a friend request sent, asked for or to be accepted on Roblox, Fortnite, Xbox, PSN, Steam, Epic, Switch or Brawl Stars, “add me on steam”, “dm me on roblox”, joining one’s party, squad, lobby, realm or private server, an invite or a lobby code to be sent, a psn, epic name or gamertag given or asked, “what do u go by on roblox”, in hu/ga/fa)',
      'fresh-tricks-88.txt',
      'fresh-ordinary-88.txt',
    ],
    [
      'the ninetieth set (probes for a child’s school, teacher or class asked by name and a street address given, asked or offered to visit: “whats the name of ur school”, “ur schools name”, “whos ur teacher this year”, “tell me ur teacher’s name and ill guess ur school”, which school, class or grade is yours, a house number on a street, road, lane or drive with “come by”, “pop over”, “meet me at”, “my house is at”, “what street do u live on”, in hu/ga/fa)',
      'fresh-tricks-89.txt',
      'fresh-ordinary-89.txt',
    ],
    [
      'the ninety-first set (probes for Scratch logins phished with any pretext and children sent off the site through a search: “what’s ur password so i can add u as a curator”, “i need ur login to fix ur project”, “give me ur email and password for the prize”, “sign in on my website to claim ur reward”, “verify ur account at scratch-verify”, “search coolfreegames on google its the first one”, “type scratchrewards into google”, “google scratch free followers and click the 2nd result”, in hu/ga/fa)',
      'fresh-tricks-90.txt',
      'fresh-ordinary-90.txt',
    ],
    [
      'the ninety-second set (probes for self-harm and eating-disorder disclosures in every tense: hurting, harming, burning, scratching, starving or punishing oneself “again”, “still”, “on purpose” or “started”, a relapse, scars “from what i did”, cuts hidden under long sleeves, meals skipped, days without eating, fasting and throwing up to get skinny or lose weight; private, secret or special pictures and videos of oneself offered, “u wanna see my pics? theyre private”, in hu/ga/fa)',
      'fresh-tricks-91.txt',
      'fresh-ordinary-91.txt',
    ],
    [
      'the ninety-third set (probes for contempt said in the name of a group: everyone, everybody, all of us, we all, the whole studio, class or server, the other curators, “ask anyone” or nobody said to think, say, agree or vote that the reader or their work is bad, “everyone thinks ur annoying”, “we all voted, ur the worst”, to laugh at, hate or mock the reader’s work, “the whole studio is laughing at ur project”, nobody to like or play it, “no one in the studio likes ur games btw”, and exclusion decided by a group, “we decided ur not allowed in our group”, in hu/ga/fa)',
      'fresh-tricks-92.txt',
      'fresh-ordinary-92.txt',
    ],
    [
      'the ninety-fourth set (probes for calls, texts and chats asked in Irish, Hungarian and Persian and chat apps named by a hint: cuir glaoch orm, glaoigh orm, téigh ar snapchat liom, cuir teachtaireacht chugam, labhair liom ar an bhfón, hívj fel, dobj egy üzit, írj privátban, írj nekem sms-t, tedd fel a számom, زنگ بزن بهم, پیام بده, شمارمو داری; “ping me on the d app”, “hit me up on the purple app”, “msg me on the app with the ghost”, “talk to me on the blue bird”, “find me on the clock app”, “add me on the game with blocks and creepers, same name”, in a friendly frame and in text-speak)',
      'fresh-tricks-93.txt',
      'fresh-ordinary-93.txt',
    ],
    [
      'the ninety-fifth set (probes for alcohol, cigarettes, vapes and pills offered or arranged between children: “my brother gave me vodka lol wanna try”, “who wants to try my moms wine”, “want a shot of vodka? my parents are out”, “lets do shots at my sleepover”, “bring cigs tmrw”, “u want a puff of my vape”, “i stole a bottle from my dad, come over”, “i have some of my mums sleeping pills”, getting drunk together planned and bragged of, van pálinka otthon, kérsz?, tá vodca agam, ar mhaith leat roinnt?, عرق داریم، میای؟, in a friendly frame and in text-speak)',
      'fresh-tricks-94.txt',
      'fresh-ordinary-94.txt',
    ],
    [
      'the ninety-sixth set (probes for real weapons owned, found, brought or planned with and attacks planned on a person at school or at home: “i have a real gun at home”, “my dad keeps a gun in his drawer, i know where”, “i know how to get my uncle’s rifle”, “bring a knife tomorrow, we’ll get him”, “ill bring a bat and we get her”, “we’ll wait for him after school with sticks”, “ima stab him if he says that again”, “ur gonna get stabbed”, “not scared of him, i got a knife”, hozok kést a suliba, apámnak van fegyvere, tá gunna ag m’athair, tabharfaidh mé scian ar scoil, بابام اسلحه داره, فردا بعد مدرسه میزنیمش, in a friendly or boasting frame and in text-speak)',
      'fresh-tricks-95.txt',
      'fresh-ordinary-95.txt',
    ],
    [
      'the ninety-seventh set (probes for cruelty about someone’s family, losses, home and body, the wound chosen on purpose: a parent who left, a divorce, an adoption, a death or a pet’s death named with “for a reason”, “no wonder”, “that’s why”, “because of u”, “ur dad left u for a reason”, “no wonder ur parents got divorced”, “ur dog died cause u r annoying”, “even ur family hates u”, a dead grandma or cat with “nobody cares” or “cry about”, “ur house is a dump”, a broke family laughed at, in hu/ga/fa)',
      'fresh-tricks-96.txt',
      'fresh-ordinary-96.txt',
    ],
    [
      'the ninety-eighth set (probes for exclusion and contempt by colour, race, religion, nationality, origin, language or accent in everyday words: people of ur color, ur kind, u people, people like u, because of ur skin, only white people can join, whites only, no mexicans or foreigners allowed, speak english or leave, if u cant speak english dont comment, go back where u came from, is ur family even from here, ur accent is disgusting, in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-97.txt',
      'fresh-ordinary-97.txt',
    ],
    [
      'the ninety-ninth set (probes for harassment campaigns and threats made with the site itself: reporting a person until they are banned, getting their account deleted or taken down, “ur account wont exist by tomorrow”, alts made to follow them everywhere, commenting on, spamming or flooding every project they make, making sure nobody plays their games, remixing their projects to ruin them, “watch what happens to ur studio”, a studio about how bad they are, a crowd recruited to report, in text-speak, in hu/ga/fa)',
      'fresh-tricks-98.txt',
      'fresh-ordinary-98.txt',
    ],
    [
      'the one hundredth set (probes for romance and body talk aimed at a child in soft words: if u were my gf or bf, be my gf with gifts, a secret girlfriend, treat u like a princess or a queen, u single, pet names as a greeting with a question (hey cutie, hi sweetie, morning gorgeous, hey babe), what r u wearing, what u wear to bed, ur outfit or fit shown, a bedtime asked to message after, clothes off on camera dared, in text-speak, in hu/ga/fa)',
      'fresh-tricks-99.txt',
      'fresh-ordinary-99.txt',
    ],
    [
      'the hundred-and-first set (probes for blackmail and extortion between children: screenshots, chats, messages, a secret, a pic or what u said, sent or told me held over someone with a demand, do what i say, listen to me, do my project, send robux, give me ur account or password, make me co-owner, unless u, if u dont, or else, or everyone sees or finds out, goes public, u know what happens, and debts demanded, u owe me 500 robux, pay what u owe, ur in debt to me, u better pay up, pay me back by tomorrow, in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-100.txt',
      'fresh-ordinary-100.txt',
    ],
    [
      'the hundred-and-second set (probes for strangers’ routes to a child: a place read from the reader’s own video or picture — a backyard, a house, a window, a street sign, a school uniform, the view — with a question of where, an older cousin, brother, uncle or friend introduced to meet, talk to or call the reader, staff or company powers promised for contact — admin, unban, verified, mod — random video-chat sites and apps pushed as safer, private or without mods, in a friendly frame, in text-speak, in hu/ga/fa)',
      'fresh-tricks-101.txt',
      'fresh-ordinary-101.txt',
    ],
    [
      'the hundred-and-third set (probes for violence, fire, bombs or death wished on a school, a teacher, a principal or classmates: “the school should burn down lol”, “i wish my teacher would die”, “someone should blow up my school”, “my teacher deserves to get hit by a bus”, and neglect told in a child’s own words: no food or heating at home, no dinner for days, left alone for days, sleeping in the car or outside, nobody picking me up from school, in text-speak, in hu/ga/fa)',
      'fresh-tricks-102.txt',
      'fresh-ordinary-102.txt',
    ],
    [
      'the hundred-and-fourth set (probes for camera, voice and looks asked by a stranger and gifts or devices offered for a way to talk: “do u have a webcam?”, “turn ur cam on for me”, “r u pretty irl”, “what do u look like without filters”, “send a voice note so i can hear u”, “ur voice must be cute”, “do u have a mic? talk to me”, “i can send u a phone so we can talk”, “can i send u a gift card? just need ur email”, “want a free headset? i’ll ship it to u”, in text-speak, in hu/ga/fa)',
      'fresh-tricks-103.txt',
      'fresh-ordinary-103.txt',
    ],
    [
      'the hundred-and-fifth set (probes for children’s own insults and veiled swearing aimed at a person: euphemisms for swear words — a female dog, the b-word, a son of a female dog, a piece of poop or crap, a butt head — wishes of small misery — stepping on a lego, a stubbed toe, a papercut, the wifi dying, sitting on a cactus, eating a bug — put-downs — parents disappointed or ashamed, adopted, a walking L — and mockery made public on a meme page, in hu/ga/fa)',
      'fresh-tricks-104.txt',
      'fresh-ordinary-104.txt',
    ],
    [
      'the hundred-and-sixth set (probes for put-downs of a maker and their game by who they are: a disability, a diagnosis or a condition used as an insult — “stupid autistic kid”, “ur so bipolar”, “ur game is so dyslexic”, “did a blind person draw this” — sex or gender as the reason — “made by a girl so it sucks”, “only boys should code” — money, a poor family or a cheap computer, age — “ur too young to make games”, “old people shouldnt be on scratch” — and accent, English, a country or a language as the reason, in text-speak, in hu/ga/fa)',
      'fresh-tricks-105.txt',
      'fresh-ordinary-105.txt',
    ],
    [
      'the hundred-and-seventh set (probes for votes and reports used as weapons in a jam: votes demanded with a threat — or else, or i’ll report or tell, or you’ll regret it — a crowd urged against a person’s entry — everyone downvote, let’s all vote down his game, vote her game low, 1-star the new kid’s game, report her entry for what she didn’t do, get his game removed from the jam, mass report the winner — alts, fake accounts and bought votes, a smear spread so nobody votes, and threats to a rank — i’ll make sure you come last, if i don’t win i’m reporting everyone, in text-speak, in hu/ga/fa)',
      'fresh-tricks-106.txt',
      'fresh-ordinary-106.txt',
    ],
    [
      'the hundred-and-eighth set (probes for death wished on a person — you should, deserve to, ought to die, need to or have to die where no game is spoken of, just die, die already, why don’t you just die, i want you to die, you deserve death — and sentences hidden by word games: written backwards letter by letter or word by word, run together with no spaces, ROT13 and pig Latin of harm, the first letters of words after a hint, in text-speak, in hu/ga/fa)',
      'fresh-tricks-107.txt',
      'fresh-ordinary-107.txt',
    ],
    [
      'the hundred-and-ninth set (probes for despair and sadness told plainly with no method named: life, everything or the future called pointless, meaningless or over, nothing matters anymore, what’s even the point anymore, giving up on everything or on life, wanting to disappear, vanish or sleep forever, done, tired or sick of everything or of living, feeling empty, numb, broken, invisible or hopeless, crying oneself to sleep every night, in text-speak, in hu/ga/fa)',
      'fresh-tricks-107b.txt',
      'fresh-ordinary-107b.txt',
    ],
    [
      'the hundred-and-tenth set (probes for plain put-downs at a person in the simplest words: you’re, ur, u r, you are, your such a, ya with useless, gross, disgusting, trash, garbage, cringe, fake, pathetic, a joke, a failure, a clown, a nobody, nothing, a baby, a creep, a freak, the worst person here, trash person, get lost loser, go away creep, ew its u again, nobody wants u here, u disgust me, u make me sick, you’re dead to me, in text-speak, in hu/ga/fa)',
      'fresh-tricks-108.txt',
      'fresh-ordinary-108.txt',
    ],
    [
      'the hundred-and-eleventh set (probes for plain menace, threats and warnings at a person with no weapon named: i’m coming for you, i’ll find u, hunt u down, i know where you are, you’re next, better watch urself, you should be scared of me, count ur days, you won’t be laughing for long, watch out tomorrow at school, see u after school ur done, tomorrow you’ll find out, i’ll make u suffer or cry, ur gonna be sorry, in text-speak, in hu/ga/fa)',
      'fresh-tricks-109.txt',
      'fresh-ordinary-109.txt',
    ],
    [
      'the hundred-and-twelfth set (probes for grooming by attachment and gifts and a child’s own places told: anything or whatever you want bought, a new phone, a present, your wish list or birthday “and it’s yours”; only me, you have me, only I understand you, don’t talk to others, you don’t need them, the only one you talk to; a home or school by a park, a mall, a river, a corner or a street, in a named town, in hu/ga/fa)',
      'fresh-tricks-110.txt',
      'fresh-ordinary-110.txt',
    ],
    [
      'the hundred-and-thirteenth set (probes for intimate grooming asks in plain words and an adult’s age offered to a child: i’ll show u mine if u show me yours, u show first; do u shower at night, r u in the bath, do u sleep alone, who do u sleep with; lets cuddle, a hug in real life, i wanna hold u, sit on my lap; im 30 is that ok, way older but, do u like older guys; a little favour, nobody has to know, do something for me for admin, in text-speak, in hu/ga/fa)',
      'fresh-tricks-111.txt',
      'fresh-ordinary-111.txt',
    ],
    [
      'the hundred-and-fourteenth set (probes for lures to a profile, a bio or an about me and the same name elsewhere, accounts and codes given away and luck chains: click my profile link, go to my bio for the link, link in bio for free robux, the same username everywhere else or on the other site, giving away my account, first to comment gets the password, free game codes, like this or bad luck for 7 years, share or ur crush will hate u, in text-speak, in hu/ga/fa)',
      'fresh-tricks-112.txt',
      'fresh-ordinary-112.txt',
    ],
    [
      'the hundred-and-fifteenth set (probes for hate and threats in the most basic words: meg foglak olni or verni, kinyirlak, maroidh me thu, میکشمت, میزنمت; utallak, ta fuath agam duit, is fuath liom thu, ازت متنفرم, ازت بدم میاد, i hate you or u with so much, really, you ruined everything, get lost, never talk to me, everyone hates u; ta tu grana, ta tu dur, زشتی, احمقی, خری; talalkozzunk, talalkozunk?, in text-speak, in hu/ga/fa)',
      'fresh-tricks-113.txt',
      'fresh-ordinary-113.txt',
    ],
    [
      'the hundred-and-sixteenth set (probes for dangerous dares and challenges in plain words: tide, laundry or dishwasher pods, hand sanitizer, bleach, magnets, batteries or a spoon of cinnamon eaten, drunk or licked as a dare or for a video; a hand over a candle, a lighter under a finger, a fire set in a room and filmed; roads crossed without looking, train tracks lain on, electric towers climbed for views, a bike ridden off a roof, chicken on a highway, a cliff jumped; a bag over a head, a neck squeezed, breath held till one faints; the knife game at the fingers, in text-speak, in hu/ga/fa)',
      'fresh-tricks-114.txt',
      'fresh-ordinary-114.txt',
    ],
    [
      'the hundred-and-seventeenth set (probes for suicide-bait idioms without “kill” or “die”: go touch, hug, kiss or lick a train, a truck or the third rail; nap or lie on the tracks, the highway or the freeway, stand in front of a truck, get hit by a car; a toaster or a hairdryer in the bath, rocks in ur pockets, swim in lava, walk into the ocean and keep walking; fall or jump off a cliff, a roof or something high, go find a tall building, test gravity from the roof, dive into an empty pool; eat a bullet, a long rope and a tall tree, meet ur maker, the shadow realm forever; in a “why dont u”, “u should” or “have u tried” frame, in hu/ga/fa)',
      'fresh-tricks-115.txt',
      'fresh-ordinary-115.txt',
    ],
    [
      'the hundred-and-eighteenth set (probes for off-site apps and game handles named in split, spaced or re-spelt ways: disc ord, snap chat, you tube, face book, red dit, whats app, tele gram, insta gram, tik tok with a handle, a colon or an ask; dc, sc, ig, yt, tt and kik with a handle; “got kik?”, “u have discord?”; epic, psn, xbox, switch, steam, fortnite and roblox names and friend codes given or asked, in hu/ga/fa)',
      'fresh-tricks-116.txt',
      'fresh-ordinary-116.txt',
    ],
    [
      'the hundred-and-nineteenth set (probes for grooming by secrecy, surprises and age reassurance in plain words: “im 13 too i promise”, “dont worry im a kid too”, “i swear im not an adult”, the same age as you, a secret gift or surprise for the reader with “dont tell”, “something special just for u”, “our chat is private”, “promise u wont tell anyone”, “wanna see something naughty” or “something but not here”, “ur my special friend”, “only u understand me”, different from other kids, in text-speak, in hu/ga/fa)',
      'fresh-tricks-117.txt',
      'fresh-ordinary-117.txt',
    ],
    [
      'the hundred-and-twentieth set (probes for shunning and worthlessness said to a child: everyone, the whole school or class, the teacher or even ur mom hating, laughing at or talking about u behind ur back; nobody in ur class wanting u; ur friends only pretending to like u; “imagine having no friends” or “being that lonely”; a mistake, an accident, worth nothing, parents who should have left u at the hospital; an animal, a dog, a zoo, a cage, a dumpster or a trash can said of the person; in hu/ga/fa)',
      'fresh-tricks-118.txt',
      'fresh-ordinary-118.txt',
    ],
    [
      'the hundred-and-twenty-first set (probes for watching, following and exposing a person in plain words: finding, knowing or looking up ur mom’s, dad’s, sister’s or brother’s facebook, insta, name or school, ur neighbour being the writer’s cousin, seeing u from a window, following u home, seeing u at the park or on the bus, walking past ur house, ur curtains open last night, knowing when u leave for school, threats to tell, post, leak, send or show ur secrets, chats, messages, screenshots or face to everyone, the class or ur crush, everyone finding out what u did, in hu/ga/fa)',
      'fresh-tricks-119.txt',
      'fresh-ordinary-119.txt',
    ],
    [
      'the hundred-and-twenty-second set (probes for self-harm tips said to a child: advice to stop, skip or avoid eating, “u dont need food”, not eating for a week, not eating promised to make one thin; throwing up after meals, every calorie counted; cutting or hurting oneself said to help, “u should try cutting”, long sleeves so no one sees; a bunch of pills, a parent’s pills, pills for fun or to feel nothing; in hu/ga/fa)',
      'fresh-tricks-120.txt',
      'fresh-ordinary-120.txt',
    ],
    [
      'the hundred-and-twenty-third set (probes for real weapons at home and cruelty to animals or people in plain words: ur dad’s, ur parents’ or ur family’s gun or knife asked about, shown, taken or brought to school; hurting, drowning, burning, kicking, freezing or microwaving a pet, throwing rocks at it, pulling its tail; “put down”, “put to sleep” or “locked in a cage” said of a person; tying up, tripping or pushing a classmate down the stairs; in hu/ga/fa)',
      'fresh-tricks-121.txt',
      'fresh-ordinary-121.txt',
    ],
    [
      'the hundred-and-twenty-fourth set (probes for sexual asks to a child in soft euphemisms: “send me something spicy”, “wanna do the thing”, “dm me something u wouldnt post”, spicy, private, pj, bath, mirror and swimsuit pics asked for, grown-up, adult and doctor games and naughty stuff proposed, “take off ur shirt on cam”, what u look like without clothes, practising kissing with me, in text-speak, in hu/ga/fa)',
      'fresh-tricks-122.txt',
      'fresh-ordinary-122.txt',
    ],
    [
      'the hundred-and-twenty-fifth set (probes for a child’s routines, home-alone times, house looks and school class disclosed or asked: “im in mrs smiths class”, “my teacher is mr jones”, “my mom isnt home till 7”, “nobody is home on fridays”, “my dad leaves for work at 6”, “my house is the one with the red door”, “what colour is ur front door”, “what time do u go to bed”, “what time do u wake up”, “is ur room upstairs”, in text-speak, in hu/ga/fa)',
      'fresh-tricks-123.txt',
      'fresh-ordinary-123.txt',
    ],
    [
      'the hundred-and-twenty-sixth set (probes for false promises of fame, powers and prizes and for false authority: moderator, admin or staff powers offered, “i can get u featured”, “ill make u famous”, a verified tick, a star in my next video, shout-outs if u dm me, giveaways of robux, devices, memberships and money for comments or follows, a parent who is police, owns Scratch or a hacker who can arrest, ban or delete u, “im a cop so do what i say”, in text-speak, in hu/ga/fa)',
      'fresh-tricks-124.txt',
      'fresh-ordinary-124.txt',
    ],
    [
      'the hundred-and-twenty-seventh set (probes for stereotypes and contempt for groups in plain words: girls, boys, a religion, a nationality, a skin colour, a disability, body size, sexuality, poverty or age said to be scary, lazy, dumb, greedy, annoying, useless or gross, to smell, steal or cry too much, or unable to do something; “ur such a girl”, “u play like a girl”, “ur so gay”, “are u slow or something” said to the person, in hu/ga/fa)',
      'fresh-tricks-125.txt',
      'fresh-ordinary-125.txt',
    ],
    [
      'the hundred-and-twenty-eighth set (probes for emotional coercion and friendship tests: “if u leave me ill die”, “reply or ill be sad forever”, “its ur fault if i…”, real, true or best friends who share passwords or send it, “if u were my real friend u would send it”, “prove u care about me”, “nobody else will be ur friend, only me”, “u cant leave, u promised”, “ur parents would be mad, so keep it quiet”, “ill stop being ur friend if u tell anyone”, “if u block me ill make a new account”, debts owed in pictures or details, in text-speak, in hu/ga/fa)',
      'fresh-tricks-126.txt',
      'fresh-ordinary-126.txt',
    ],
    [
      'the hundred-and-twenty-ninth set (probes for put-downs that tie the game to the person, hopeless predictions and mockery call-outs: “ur games are as ugly as u”, “garbage like u”, “trash, just like the person who made it”, “u will never be good at anything”, “ull always be bad”, “i feel sorry for ur parents”, “i wish u would disappear”, “wish u never joined scratch”, “look at this loser’s game everyone”, “u smell”, “ur clothes are so ugly”, “u never shower”, in text-speak, in hu/ga/fa)',
      'fresh-tricks-127.txt',
      'fresh-ordinary-127.txt',
    ],
    [
      'the hundred-and-thirtieth set (probes for a child’s own disclosures of abuse, grooming, blackmail or danger in plain words: “im scared to go home”, “im afraid of my dad”, “i dont feel safe at home”, “nobody at home cares about me”, locked in one’s room, beaten at home, yelled at and things thrown, no food at home, unwanted touching, “my uncle makes me do things i dont want”, a man or stranger who keeps messaging, wants to meet and says not to tell, asks for pics, sextortion, bullied every day with nobody helping, in hu/ga/fa)',
      'fresh-tricks-128.txt',
      'fresh-ordinary-128.txt',
    ],
    [
      'the hundred-and-thirty-first set (probes for Persian written in Latin letters, Finglish: death wishes and threats “bemir”, “boro bemir”, “khodkoshi kon”, “khodeto bokosh”, “mikoshamet”, “mizanamet”, insults at the person “to kheili ahmaghi”, “kheili zeshti”, “to hichi nisti”, “hame azat badeshun miad”, contact asks “bia insta pv”, “id telegrameto bede”, “insta dari?”, “adreseto bede”, “madreset kojast”, grooming “dust dokhtaram mishi?”, “hamdigaro bebinim”, “bia khoone ma”, “be kasi nagoo”, “ye aks bedoon lebas befrest”, “ta chand sali”, in hu/ga/fa)',
      'fresh-tricks-129.txt',
      'fresh-ordinary-129.txt',
    ],
    [
      'the hundred-and-thirty-second set (probes for personal details harvested through quizzes, forms, tags, surveys and lists: “fill in this quiz: name, age, school, town”, “quiz time! 1. name 2. age 3. school”, “about me form: real name, birthday, hometown”, “comment ur name age and school to join”, and contests won with a selfie, a face pic, a face reveal, a pic of ur room or ur voice, “best face pic wins a feature”, in text-speak, in hu/ga/fa)',
      'fresh-tricks-130.txt',
      'fresh-ordinary-130.txt',
    ],
    [
      'the hundred-and-thirty-third set (probes for accusations and name-calling aimed at a child and call-outs rallying others against one: “ur a thief, u copied my game”, “ur such a liar lol”, “copycat, get ur own ideas”, “this kid is a scammer”, “u cheated to win, ur a cheater and a liar”, “i bet ur parents made it for u, fraud”, “everyone report this thief”, “mass report this cheater”, “unfollow him hes a faker”, “this user is a thief and a liar, spread the word”, in text-speak, in hu/ga/fa)',
      'fresh-tricks-131.txt',
      'fresh-ordinary-131.txt',
    ],
    [
      'the hundred-and-thirty-fourth set (probes for physical affection and romance aimed at a child in real life in plain words: “i want to hug u so bad”, “cant wait to kiss u”, “i wanna hold ur hand irl”, “give me a hug when we meet”, “i wish u were in my arms”, “u look older in ur profile pic”, “u look 16 in that pic”, “i love u so much, more than anyone”, “ur the love of my life”, “i dream about u every night”, “whats ur fav thing to wear”, “do u wear makeup?”, “wear something cute for me”, in hu/ga/fa)',
      'fresh-tricks-132.txt',
      'fresh-ordinary-132.txt',
    ],
    [
      'the hundred-and-thirty-fifth set (probes for compliments on a child’s own looks and plain wishes or asks to meet: “ur the prettiest girl here”, “ur the cutest boy on scratch”, “u must be gorgeous irl”, “u r so pretty omg”, “id like to meet u”, “i would love to meet u someday”, “we should meet one day”, “can we meet?”, “lets meet tomorrow in the park”, in hu/ga/fa)',
      'fresh-tricks-133.txt',
      'fresh-ordinary-133.txt',
    ],
    [
      'the hundred-and-thirty-ninth set (probes for age-gap grooming, an older writer making the age difference not matter or secret: “im older than u but that doesnt matter”, “im in my 20s but that doesnt change anything between us”, “older friends are better, trust me”, “im in high school but i like talking to younger kids”, “i can be ur secret older friend”, “lets keep our ages a secret”, “if ur parents ask, tell them im 12 too”, “u talk like an adult fr”, in hu/ga/fa and Finglish)',
      'fresh-tricks-137.txt',
      'fresh-ordinary-137.txt',
    ],
    [
      'the hundred-and-thirty-sixth set (probes for ill wishes at the reader: “hope u trip down the stairs”, “i hope u fail all ur tests”, “i hope u get banned and cry”, “hope ur dog runs away and never comes back”, “get cancer”, “catch a disease”, “go catch the flu and never come back”, “may ur legs break”, in hu/ga/fa)',
      'fresh-tricks-134.txt',
      'fresh-ordinary-134.txt',
    ],
    [
      'the hundred-and-thirty-eighth set (probes for pile-ons, hate campaigns and exclusion rallied against a child: “copy this hate comment to all his projects”, “lets all leave rude comments on his profile lol”, “ok everyone flood her studio with mean stuff”, “make fun of her in every comment”, “spread this to make him quit scratch”, “everyone keep commenting til he cries lol”, “dont play with the new kid, hes weird”, “kick him from the studio cuz hes a baby”, “made a project where we post his worst games lol”, in hu/ga/fa)',
      'fresh-tricks-136.txt',
      'fresh-ordinary-136.txt',
    ],
    [
      'the hundred-and-thirty-seventh set (probes for death told in veiled words and deadly “go play” dares: “close ur eyes forever”, “take a nap forever”, “hold ur breath for ever”, “turn urself off”, “become a ghost lol”, “u should join ur ancestors”, “respawn irl? oh wait u cant”, “try respawning irl lol”, “go swim with sharks”, “go drown in a pool”, “go play hide and seek on the highway”, “go hug a cactus and a live wire”, in hu/ga/fa)',
      'fresh-tricks-135.txt',
      'fresh-ordinary-135.txt',
    ],
    [
      'the hundred-and-forty-fourth set (probes for grooming wedges and “better off without you” said sideways: “u seem lonely, i can be there for u”, “ur parents are too strict, u deserve freedom”, “u wont get in trouble, i promise”, “this site is too public, lets talk elsewhere”, “whats ur type”, “ur family would be relieved if u left”, “the air would be cleaner without u”, in hu/ga/fa)',
      'fresh-tricks-142.txt',
      'fresh-ordinary-142.txt',
    ],
    [
      'the hundred-and-forty-fifth set (probes for outings alone, rides, private studios by gender or age, a third child’s details, and choking, swallowing, purging and starving told or dared: “wanna go to the cinema together, just us”, “my car is nearby, want a ride”, “only girls can join my private studio”, “this girl is emma from 5th grade at oak school”, “choke on it”, “eat glass”, “throw up ur lunch”, “how long can u go without food? try a week”, in hu/ga/fa)',
      'fresh-tricks-143.txt',
      'fresh-ordinary-143.txt',
    ],
    ['the issue’s own kinds', 'tricks.txt', 'ordinary-notes.txt'],
  ])(
    '%s (%s, %s): at most a tenth of the tricks published, a twentieth of the notes held or refused',
    (_, tricks, ordinary) => {
      const rates = measure([file(tricks)], [file(ordinary)]);
      console.log(report(rates));
      expect(rates.tricks).toBeGreaterThanOrEqual(40);
      expect(rates.published.length / rates.tricks).toBeLessThanOrEqual(0.1);
      expect(rates.stopped.length / rates.ordinary).toBeLessThanOrEqual(0.05);
    },
    60_000,
  ); // hundreds of texts each: seconds on a loaded machine

  it('covers every class of the issue, in every language it names', () => {
    const rates = measure([file('fresh-tricks.txt')], []);
    expect([...rates.classes.keys()]).toEqual(
      expect.arrayContaining([
        'email in words',
        'phone in words',
        'enclosed and math letters',
        'entities and escapes',
        'combining marks',
        'chat apps misspelt or in sentences',
        'profanity split',
        'upside down',
        'Hungarian inflected profanity',
        'Persian, Arabic and Urdu letter variants',
        ...['en', 'hu', 'ga', 'fa'].flatMap((language) => [
          `personal information ${language}`,
          `asking age or whereabouts ${language}`,
          `private and secrets ${language}`,
          `harm ${language}`,
        ]),
      ]),
    );
  });
});
