/**
 * The held classes of ADR 046 as patterns, a data file each (./data/held-*.json), every one held for a
 * moderator, who reads them first. Each file's `_about` says what it holds and what it lets through;
 * ADR 046's amendments tell when each class came, from which set of tricks, and what it was measured
 * on. The words of the held phrases as children text them are in ./data/held-spellings.json. Order
 * matters: the first class that holds a text names its rule.
 */
import ABLEISM from './data/held-ableism.json' with { type: 'json' };
import ACCOUNTS from './data/held-accounts.json' with { type: 'json' };
import ACCUSATIONS from './data/held-accusations.json' with { type: 'json' };
import AFFECTION from './data/held-affection.json' with { type: 'json' };
import AGEGAP from './data/held-agegap.json' with { type: 'json' };
import AGELIES from './data/held-agelies.json' with { type: 'json' };
import ALCOHOL from './data/held-alcohol.json' with { type: 'json' };
import APPNAMES from './data/held-appnames.json' with { type: 'json' };
import APPROACHES from './data/held-approaches.json' with { type: 'json' };
import ATTACHMENT from './data/held-attachment.json' with { type: 'json' };
import AUTHORITY from './data/held-authority.json' with { type: 'json' };
import BAITIDIOMS from './data/held-baitidioms.json' with { type: 'json' };
import BASICHATE from './data/held-basichate.json' with { type: 'json' };
import BASICMEETS from './data/held-basicmeets.json' with { type: 'json' };
import BASICTHREATS from './data/held-basicthreats.json' with { type: 'json' };
import BEFRIENDING from './data/held-befriending.json' with { type: 'json' };
import BLACKMAIL from './data/held-blackmail.json' with { type: 'json' };
import BODYSHAMING from './data/held-bodyshaming.json' with { type: 'json' };
import CALLS from './data/held-calls.json' with { type: 'json' };
import CAMVOICE from './data/held-camvoice.json' with { type: 'json' };
import CHALLENGES from './data/held-challenges.json' with { type: 'json' };
import CHAINLETTERS from './data/held-chainletters.json' with { type: 'json' };
import CHATMOVES from './data/held-chatmoves.json' with { type: 'json' };
import COERCION from './data/held-coercion.json' with { type: 'json' };
import COMEUPPANCE from './data/held-comeuppance.json' with { type: 'json' };
import CONTEMPT from './data/held-contempt.json' with { type: 'json' };
import CRUELTY from './data/held-cruelty.json' with { type: 'json' };
import CURSES from './data/held-curses.json' with { type: 'json' };
import DANGER from './data/held-danger.json' with { type: 'json' };
import DARES from './data/held-dares.json' with { type: 'json' };
import DATING from './data/held-dating.json' with { type: 'json' };
import DEATHHINTS from './data/held-deathhints.json' with { type: 'json' };
import DEATHWISH from './data/held-deathwish.json' with { type: 'json' };
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
import EUPHEMISMS from './data/held-euphemisms.json' with { type: 'json' };
import EVADING from './data/held-evading.json' with { type: 'json' };
import FALSEPROMISES from './data/held-falsepromises.json' with { type: 'json' };
import FAMILYCRUELTY from './data/held-familycruelty.json' with { type: 'json' };
import GAMBLING from './data/held-gambling.json' with { type: 'json' };
import GAMEINVITES from './data/held-gameinvites.json' with { type: 'json' };
import GAMING from './data/held-gaming.json' with { type: 'json' };
import EXCLUSION from './data/held-exclusion.json' with { type: 'json' };
import EXPOSING from './data/held-exposing.json' with { type: 'json' };
import EXTORTION from './data/held-extortion.json' with { type: 'json' };
import EXTREMISM from './data/held-extremism.json' with { type: 'json' };
import FAREWELL from './data/held-farewell.json' with { type: 'json' };
import FIGHTS from './data/held-fights.json' with { type: 'json' };
import FINGLISH from './data/held-finglish.json' with { type: 'json' };
import FINGLISHASKS from './data/held-finglishasks.json' with { type: 'json' };
import FOLLOWING from './data/held-following.json' with { type: 'json' };
import FREEBIES from './data/held-freebies.json' with { type: 'json' };
import GOADING from './data/held-goading.json' with { type: 'json' };
import GROOMING from './data/held-grooming.json' with { type: 'json' };
import GROUPCONTEMPT from './data/held-groupcontempt.json' with { type: 'json' };
import GROUPSLURS from './data/held-groupslurs.json' with { type: 'json' };
import HANDLES from './data/held-handles.json' with { type: 'json' };
import HARASSMENT from './data/held-harassment.json' with { type: 'json' };
import HARM from './data/held-harm.json' with { type: 'json' };
import HATE from './data/held-hate.json' with { type: 'json' };
import HATECAMPAIGNS from './data/held-hatecampaigns.json' with { type: 'json' };
import HIDEAWAY from './data/held-hideaway.json' with { type: 'json' };
import HINTEDAPPS from './data/held-hintedapps.json' with { type: 'json' };
import HOMEHARM from './data/held-homeharm.json' with { type: 'json' };
import HOUSEHOLD from './data/held-household.json' with { type: 'json' };
import ILLWISHES from './data/held-illwishes.json' with { type: 'json' };
import IMPERSONATION from './data/held-impersonation.json' with { type: 'json' };
import INTIMACY from './data/held-intimacy.json' with { type: 'json' };
import INTIMATE from './data/held-intimate.json' with { type: 'json' };
import ISOLATING from './data/held-isolating.json' with { type: 'json' };
import KIDINSULTS from './data/held-kidinsults.json' with { type: 'json' };
import LANGUAGES from './data/held-languages.json' with { type: 'json' };
import LEWDSLANG from './data/held-lewdslang.json' with { type: 'json' };
import LOCATING from './data/held-locating.json' with { type: 'json' };
import LOGINS from './data/held-logins.json' with { type: 'json' };
import LOOKSMEETS from './data/held-looksmeets.json' with { type: 'json' };
import LUCKCHAINS from './data/held-luckchains.json' with { type: 'json' };
import LURES from './data/held-lures.json' with { type: 'json' };
import MAKERPUTDOWNS from './data/held-makerputdowns.json' with { type: 'json' };
import MANIPULATION from './data/held-manipulation.json' with { type: 'json' };
import MENACE from './data/held-menace.json' with { type: 'json' };
import MONEY from './data/held-money.json' with { type: 'json' };
import NICOTINE from './data/held-nicotine.json' with { type: 'json' };
import OFFEREDPICS from './data/held-offeredpics.json' with { type: 'json' };
import OFFSITE from './data/held-offsite.json' with { type: 'json' };
import OUTINGS from './data/held-outings.json' with { type: 'json' };
import OTHERING from './data/held-othering.json' with { type: 'json' };
import PAYMENTS from './data/held-payments.json' with { type: 'json' };
import PHISHING from './data/held-phishing.json' with { type: 'json' };
import PERSONAL from './data/held-personal.json' with { type: 'json' };
import PICTURES from './data/held-pictures.json' with { type: 'json' };
import PILEONS from './data/held-pileons.json' with { type: 'json' };
import PLAIN_CONTEMPT from './data/held-plaincontempt.json' with { type: 'json' };
import PLAIN_DESPAIR from './data/held-plaindespair.json' with { type: 'json' };
import PLAIN_MENACE from './data/held-plainmenace.json' with { type: 'json' };
import PREJUDICE from './data/held-prejudice.json' with { type: 'json' };
import PRESSURE from './data/held-pressure.json' with { type: 'json' };
import PRIVATE from './data/held-private.json' with { type: 'json' };
import PROFILELURES from './data/held-profilelures.json' with { type: 'json' };
import PROMOTING from './data/held-promoting.json' with { type: 'json' };
import PUTDOWNS from './data/held-putdowns.json' with { type: 'json' };
import QUIZFORMS from './data/held-quizforms.json' with { type: 'json' };
import REACHING from './data/held-reaching.json' with { type: 'json' };
import REALWEAPONS from './data/held-realweapons.json' with { type: 'json' };
import ROASTS from './data/held-roasts.json' with { type: 'json' };
import RECOGNISING from './data/held-recognising.json' with { type: 'json' };
import ROLEPLAY from './data/held-roleplay.json' with { type: 'json' };
import ROMANCE from './data/held-romance.json' with { type: 'json' };
import ROUTINES from './data/held-routines.json' with { type: 'json' };
import RUNAWAY from './data/held-runaway.json' with { type: 'json' };
import SADNESS from './data/held-sadness.json' with { type: 'json' };
import SAFEGUARDING from './data/held-safeguarding.json' with { type: 'json' };
import SCAMS from './data/held-scams.json' with { type: 'json' };
import SCHEMES from './data/held-schemes.json' with { type: 'json' };
import SCHOOLHARM from './data/held-schoolharm.json' with { type: 'json' };
import SCHOOLHOME from './data/held-schoolhome.json' with { type: 'json' };
import SCHOOLYARD from './data/held-schoolyard.json' with { type: 'json' };
import SCOUTING from './data/held-scouting.json' with { type: 'json' };
import SEARCHING from './data/held-searching.json' with { type: 'json' };
import SECRECY from './data/held-secrecy.json' with { type: 'json' };
import SEEKING from './data/held-seeking.json' with { type: 'json' };
import SELFHARMTIPS from './data/held-selfharmtips.json' with { type: 'json' };
import SELFHURTING from './data/held-selfhurting.json' with { type: 'json' };
import SHAMING from './data/held-shaming.json' with { type: 'json' };
import SHUNNING from './data/held-shunning.json' with { type: 'json' };
import SITETHREATS from './data/held-sitethreats.json' with { type: 'json' };
import SLANG from './data/held-slang.json' with { type: 'json' };
import SLANG_DESPAIR from './data/held-slangdespair.json' with { type: 'json' };
import SOFTGROOMING from './data/held-softgrooming.json' with { type: 'json' };
import SPLITAPPS from './data/held-splitapps.json' with { type: 'json' };
import SUBSTANCES from './data/held-substances.json' with { type: 'json' };
import STEERING from './data/held-steering.json' with { type: 'json' };
import STEREOTYPES from './data/held-stereotypes.json' with { type: 'json' };
import STRANGERS from './data/held-strangers.json' with { type: 'json' };
import STUNTS from './data/held-stunts.json' with { type: 'json' };
import TEXTSPEAK from './data/held-textspeak.json' with { type: 'json' };
import THREATS from './data/held-threats.json' with { type: 'json' };
import TIEDPUTDOWNS from './data/held-tiedputdowns.json' with { type: 'json' };
import UNKIND from './data/held-unkind.json' with { type: 'json' };
import VEILED_GOADING from './data/held-veiledgoading.json' with { type: 'json' };
import VIOLENCE from './data/held-violence.json' with { type: 'json' };
import VOTEBRIGADES from './data/held-votebrigades.json' with { type: 'json' };
import WATCHING from './data/held-watching.json' with { type: 'json' };
import WEDGES from './data/held-wedges.json' with { type: 'json' };
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
  [CAMVOICE, 'personal'],
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
  [INTIMACY, 'personal'],
  [EUPHEMISMS, 'personal'],
  [FALSEPROMISES, 'personal'],
  [LEWDSLANG, 'personal'],
  [EMOJI_SENTENCES, 'personal'],
  [GAMBLING, 'personal'],
  [PAYMENTS, 'personal'],
  [DEVICE, 'personal'],
  [FREEBIES, 'personal'],
  [AGELIES, 'personal'],
  [APPROACHES, 'personal'],
  [HOUSEHOLD, 'personal'],
  [ROUTINES, 'personal'],
  [DOXXING, 'personal'],
  [DOUBLING, 'personal'],
  [DETAILS, 'personal'],
  [BEFRIENDING, 'personal'],
  [LURES, 'personal'],
  [LOCATING, 'personal'],
  [WORLDASKS, 'personal'],
  [CALLS, 'personal'],
  [SOFTGROOMING, 'personal'],
  [WEDGES, 'personal'],
  [OUTINGS, 'personal'],
  [AGEGAP, 'personal'],
  [ATTACHMENT, 'personal'],
  [COERCION, 'personal'],
  [ROMANCE, 'personal'],
  [SCHOOLHOME, 'personal'],
  [STRANGERS, 'personal'],
  [BASICMEETS, 'personal'],
  [LOOKSMEETS, 'personal'],
  [SECRECY, 'personal'],
  [FOLLOWING, 'personal'],
  [FINGLISHASKS, 'personal'],
  [QUIZFORMS, 'personal'],
  [AFFECTION, 'personal'],
  [HARM, 'harm'],
  [DEATHWISH, 'harm'],
  [BAITIDIOMS, 'harm'],
  [DEATHHINTS, 'harm'],
  [CHAINLETTERS, 'harm'],
  [DESPAIR, 'harm'],
  [SLANG_DESPAIR, 'harm'],
  [PLAIN_DESPAIR, 'harm'],
  [SADNESS, 'harm'],
  [SELFHURTING, 'harm'],
  [SELFHARMTIPS, 'harm'],
  [DANGER, 'harm'],
  [CHALLENGES, 'harm'],
  [NICOTINE, 'harm'],
  [SUBSTANCES, 'harm'],
  [DRUGSLANG, 'harm'],
  [ALCOHOL, 'harm'],
  [PRESSURE, 'harm'],
  [MENACE, 'harm'],
  [BLACKMAIL, 'harm'],
  [EXTORTION, 'harm'],
  [MANIPULATION, 'harm'],
  [CRUELTY, 'harm'],
  [GOADING, 'harm'],
  [EATING, 'harm'],
  [VEILED_GOADING, 'harm'],
  [ISOLATING, 'harm'],
  [VIOLENCE, 'harm'],
  [REALWEAPONS, 'harm'],
  [HOMEHARM, 'harm'],
  [EXTREMISM, 'harm'],
  [SCHOOLYARD, 'harm'],
  [STEERING, 'harm'],
  [STUNTS, 'harm'],
  [SHAMING, 'harm'],
  [CURSES, 'harm'],
  [ILLWISHES, 'harm'],
  [DARES, 'harm'],
  [FAREWELL, 'harm'],
  [FIGHTS, 'harm'],
  [WORTHLESS, 'harm'],
  [THREATS, 'harm'],
  [DISCLOSURES, 'harm'],
  [SAFEGUARDING, 'harm'],
  [SCHOOLHARM, 'harm'],
  [COMEUPPANCE, 'harm'],
  [LUCKCHAINS, 'harm'],
  [PLAIN_MENACE, 'harm'],
  [BASICTHREATS, 'harm'],
  [FINGLISH, 'harm'],
  [UNKIND, 'word'],
  [PUTDOWNS, 'word'],
  [HATE, 'word'],
  [PILEONS, 'word'],
  [SITETHREATS, 'word'],
  [VOTEBRIGADES, 'word'],
  [ROASTS, 'word'],
  [KIDINSULTS, 'word'],
  [PREJUDICE, 'word'],
  [OTHERING, 'word'],
  [ABLEISM, 'word'],
  [MAKERPUTDOWNS, 'word'],
  [STEREOTYPES, 'word'],
  [LANGUAGES, 'word'],
  [WORLDCURSES, 'word'],
  [BODYSHAMING, 'word'],
  [CONTEMPT, 'word'],
  [PLAIN_CONTEMPT, 'word'],
  [GROUPCONTEMPT, 'word'],
  [FAMILYCRUELTY, 'word'],
  [EXCLUSION, 'word'],
  [BASICHATE, 'word'],
  [SHUNNING, 'word'],
  [GROUPSLURS, 'word'],
  [TIEDPUTDOWNS, 'word'],
  [ACCUSATIONS, 'word'],
  [HATECAMPAIGNS, 'word'],
  [REACHING, 'contact'],
  [OFFSITE, 'contact'],
  [CHATMOVES, 'contact'],
  [SEARCHING, 'contact'],
  [PROMOTING, 'contact'],
  [TEXTSPEAK, 'contact'],
  [GAMING, 'contact'],
  [GAMEINVITES, 'contact'],
  [HIDEAWAY, 'contact'],
  [HANDLES, 'contact'],
  [PROFILELURES, 'contact'],
  [APPNAMES, 'contact'],
  [HINTEDAPPS, 'contact'],
  [SPLITAPPS, 'contact'],
] as const;
