/**
 * Small real Scratch 3 projects for the jam version's tests (ADR 050), made by the tests themselves:
 * a stage and one sprite, a red square that moves across the stage when the green flag is clicked.
 * Options change one thing at a time to make the projects the checks must refuse.
 */
import { createHash } from 'node:crypto';
import { type Zippable, strToU8, zipSync } from 'fflate';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

const STAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><rect width="480" height="360" fill="#ffffff"/></svg>';
const SQUARE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"><rect width="80" height="80" fill="#e3262b"/></svg>';

export interface Sb3Options {
  /** Listed in project.json's `extensions`. */
  extensions?: string[];
  /** Another block in the sprite's script (e.g. an extension's opcode). */
  extraOpcode?: string;
  /** Leave the sprite's costume out of the zip. */
  withoutCostumeFile?: boolean;
  /** More files in the zip, by name. */
  extraFiles?: Record<string, Uint8Array>;
  /** project.json as given instead of the project's. */
  projectJson?: string;
  /** The sprite's name (a text the site leaves alone). */
  spriteName?: string;
}

/** The project.json and the files of the moving-square project. */
export function sb3Files(options: Sb3Options = {}): Zippable {
  const stage = strToU8(STAGE_SVG);
  const square = strToU8(SQUARE_SVG);
  const stageId = md5(stage);
  const squareId = md5(square);
  const blocks: Record<string, unknown> = {
    flag: {
      opcode: 'event_whenflagclicked',
      next: 'loop',
      parent: null,
      inputs: {},
      fields: {},
      shadow: false,
      topLevel: true,
      x: 0,
      y: 0,
    },
    loop: {
      opcode: 'control_forever',
      next: null,
      parent: 'flag',
      inputs: { SUBSTACK: [2, 'move'] },
      fields: {},
      shadow: false,
      topLevel: false,
    },
    move: {
      opcode: 'motion_movesteps',
      next: 'bounce',
      parent: 'loop',
      inputs: { STEPS: [1, [4, '6']] },
      fields: {},
      shadow: false,
      topLevel: false,
    },
    bounce: {
      opcode: 'motion_ifonedgebounce',
      next: null,
      parent: 'move',
      inputs: {},
      fields: {},
      shadow: false,
      topLevel: false,
    },
  };
  if (options.extraOpcode) {
    blocks.extra = {
      opcode: options.extraOpcode,
      next: null,
      parent: null,
      inputs: {},
      fields: {},
      shadow: false,
      topLevel: true,
      x: 0,
      y: 200,
    };
  }
  const project = {
    targets: [
      {
        isStage: true,
        name: 'Stage',
        variables: {},
        lists: {},
        broadcasts: {},
        blocks: {},
        comments: {},
        currentCostume: 0,
        costumes: [
          {
            name: 'backdrop1',
            dataFormat: 'svg',
            assetId: stageId,
            md5ext: `${stageId}.svg`,
            rotationCenterX: 240,
            rotationCenterY: 180,
          },
        ],
        sounds: [],
        volume: 100,
        layerOrder: 0,
        tempo: 60,
        videoTransparency: 50,
        videoState: 'on',
        textToSpeechLanguage: null,
      },
      {
        isStage: false,
        name: options.spriteName ?? 'Mover',
        variables: {},
        lists: {},
        broadcasts: {},
        blocks,
        comments: {},
        currentCostume: 0,
        costumes: [
          {
            name: 'square',
            bitmapResolution: 1,
            dataFormat: 'svg',
            assetId: squareId,
            md5ext: `${squareId}.svg`,
            rotationCenterX: 40,
            rotationCenterY: 40,
          },
        ],
        sounds: [],
        volume: 100,
        layerOrder: 1,
        visible: true,
        x: -150,
        y: 0,
        size: 100,
        direction: 90,
        draggable: false,
        rotationStyle: 'all around',
      },
    ],
    monitors: [],
    extensions: options.extensions ?? [],
    meta: { semver: '3.0.0', vm: '0.2.0', agent: 'Itinerary tests' },
  };
  const files: Zippable = {
    'project.json': strToU8(options.projectJson ?? JSON.stringify(project)),
    [`${stageId}.svg`]: stage,
    ...options.extraFiles,
  };
  if (!options.withoutCostumeFile) files[`${squareId}.svg`] = square;
  return files;
}

/** The moving-square project as an `.sb3`, as the Scratch editor's File → Save to your computer makes one. */
export const makeSb3 = (options: Sb3Options = {}): Uint8Array => zipSync(sb3Files(options));

/** A zip bomb: one "costume" of `megabytes` zeros that deflates to a few kilobytes. */
export function zipBomb(megabytes = 10): Uint8Array {
  const files = sb3Files();
  files[`${'0'.repeat(32)}.svg`] = [new Uint8Array(megabytes * 1024 * 1024), { level: 9 }];
  return zipSync(files);
}
