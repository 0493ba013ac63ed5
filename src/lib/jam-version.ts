/**
 * The jam version (issue 56, ADR 050): the `.sb3` an entry's makers upload until the deadline, checked
 * before it is kept and played here. The limits follow Scratch's own: its project server takes a
 * project.json of at most 5 MB and its asset server assets of at most 10 MB each. Both sides use
 * these numbers: the server to refuse, the upload form to say them.
 */

/** Kept equal to JAM_VERSION_MODES in db/schema.ts by tests/unit/jam-version-check.test.ts. */
export const JAM_VERSION_MODES = ['off', 'allowed', 'required'] as const;
export type JamVersionMode = (typeof JAM_VERSION_MODES)[number];

const MB = 1024 * 1024;

/** The uploaded `.sb3` file itself (compressed). */
export const SB3_MAX_BYTES = 20 * MB;
/** project.json, uncompressed: Scratch's project server refuses larger ones. */
export const PROJECT_JSON_MAX_BYTES = 5 * MB;
/** One costume or sound, uncompressed: Scratch's asset server refuses larger ones. */
export const ASSET_MAX_BYTES = 10 * MB;
/** Everything in the zip, uncompressed. */
export const TOTAL_MAX_BYTES = 50 * MB;
/** Files in the zip: project.json and its costumes and sounds. */
export const MAX_FILES = 1000;
/** How much a file (of at least RATIO_FROM_BYTES) may grow when uncompressed: more is a zip bomb. */
export const MAX_RATIO = 100;
export const RATIO_FROM_BYTES = MB;

/** `12.5 MB` for a number of bytes, as the refusals and the form say it. */
export const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * Scratch's own extensions the player here runs: none of them reaches the network or a device.
 * Refused, with the reason: text to speech and translate call Scratch's servers, video sensing
 * asks for the camera, and the hardware ones (micro:bit, LEGO, Force and Acceleration) need Scratch
 * Link and a device; anything else is not Scratch's (custom extensions run code of their own).
 */
export const PLAYABLE_EXTENSIONS = ['pen', 'music', 'makeymakey'] as const;
export const REFUSED_EXTENSIONS: Readonly<Record<string, string>> = {
  text2speech: 'Text to Speech calls Scratch’s servers',
  translate: 'Translate calls Scratch’s servers',
  videoSensing: 'Video Sensing needs the camera',
  faceSensing: 'Face Sensing needs the camera',
  microbit: 'micro:bit needs Scratch Link and a device',
  ev3: 'LEGO MINDSTORMS EV3 needs Scratch Link and a device',
  boost: 'LEGO BOOST needs Scratch Link and a device',
  wedo2: 'LEGO Education WeDo 2.0 needs Scratch Link and a device',
  gdxfor: 'Go Direct Force & Acceleration needs Scratch Link and a device',
};

/** Block opcode prefixes of Scratch itself (no extension). */
export const CORE_OPCODE_PREFIXES = [
  'motion',
  'looks',
  'sound',
  'event',
  'control',
  'sensing',
  'operator',
  'data',
  'procedures',
  'argument',
  'note',
  'matrix',
  'colour',
  'math',
  'text',
] as const;

/** The file names inside a `.sb3`: project.json and `<md5>.<format>` for each costume and sound. */
export const ASSET_NAME = /^[0-9a-f]{32}\.(svg|png|jpg|jpeg|bmp|gif|wav|mp3)$/;
export const PROJECT_JSON = 'project.json';
