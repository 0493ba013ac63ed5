/**
 * Checks an uploaded `.sb3` without trusting it (issue 56 §2, ADR 050): the zip's directory is read
 * first and every limit is checked on what it declares, before anything is uncompressed; each file
 * is then uncompressed into a buffer of its declared size, never more. project.json is parsed and
 * checked by a schema, its costumes and sounds must be in the zip, and only Scratch's own extensions
 * that stay on this site are taken. The kept file is zipped again from exactly what was checked.
 * Refusals are 400s that name the problem.
 */
import { type UnzipFileInfo, type Zippable, strFromU8, unzipSync, zipSync } from 'fflate';
import {
  ASSET_MAX_BYTES,
  ASSET_NAME,
  CORE_OPCODE_PREFIXES,
  MAX_FILES,
  MAX_RATIO,
  PLAYABLE_EXTENSIONS,
  PROJECT_JSON,
  PROJECT_JSON_MAX_BYTES,
  RATIO_FROM_BYTES,
  REFUSED_EXTENSIONS,
  SB3_MAX_BYTES,
  TOTAL_MAX_BYTES,
  megabytes,
} from '#lib/jam-version';
import { type Sb3Project, sb3ProjectSchema } from '#lib/schemas/jam-version';
import { AppError, badRequest } from '#server/platform/errors';

export const NOT_A_ZIP_MESSAGE =
  'That file is not a Scratch project (.sb3). In the Scratch editor, choose File → Save to your computer, and upload the file it saves.';
export const SB3_TOO_LARGE_MESSAGE = `That file is larger than ${megabytes(SB3_MAX_BYTES)}, the most a jam version can be.`;
export const EMPTY_UPLOAD_MESSAGE = 'The upload was empty: choose the .sb3 file to upload.';
export const NO_PROJECT_JSON_MESSAGE = 'That .sb3 has no project.json, so it is not a Scratch 3 project.';
export const TOO_MANY_FILES_MESSAGE = `That .sb3 holds more than ${MAX_FILES} files; a Scratch project has far fewer.`;
export const TOO_LARGE_UNCOMPRESSED_MESSAGE = `That .sb3 would take more than ${megabytes(TOTAL_MAX_BYTES)} once unpacked, the most a jam version can.`;
export const PROJECT_JSON_TOO_LARGE_MESSAGE = `project.json is larger than ${megabytes(PROJECT_JSON_MAX_BYTES)}, more than Scratch itself takes.`;
export const PROJECT_JSON_INVALID_MESSAGE = 'project.json is not valid JSON, so the project cannot be played.';
export const assetTooLargeMessage = (name: string) =>
  `“${name}” is larger than ${megabytes(ASSET_MAX_BYTES)}, more than Scratch itself takes for one costume or sound.`;
export const compressedTooMuchMessage = (name: string) =>
  `“${name}” would grow more than ${MAX_RATIO} times when unpacked: that is how a zip bomb looks, so the file is refused.`;
export const badNameMessage = (name: string) =>
  `The .sb3 holds “${name}”, which is not a file of a Scratch project (only project.json and its costumes and sounds).`;
export const duplicateNameMessage = (name: string) => `The .sb3 holds “${name}” twice.`;
export const missingAssetMessage = (asset: string, owner: string) =>
  `The costume or sound “${asset}” of “${owner}” is not in the .sb3: save the project from the Scratch editor again.`;
export const refusedExtensionMessage = (extension: string) => {
  const why = REFUSED_EXTENSIONS[extension];
  return why
    ? `The project uses the ${extension} extension, which the player here cannot run: ${why}.`
    : `The project uses “${extension}”, which is not one of Scratch’s own extensions, so the player here cannot run it.`;
};
export const invalidProjectMessage = (problem: string) => `project.json is not a Scratch 3 project: ${problem}.`;

export interface CheckedSb3 {
  /** The `.sb3` to keep: zipped again from the checked files only. */
  bytes: Uint8Array;
  project: Sb3Project;
}

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The limits that hold for the zip's directory, checked as fflate reads it (before any file is uncompressed). */
function directoryCheck(): (file: UnzipFileInfo) => boolean {
  const seen = new Set<string>();
  let total = 0;
  return (file) => {
    const { name, originalSize, size } = file;
    if (seen.size >= MAX_FILES) throw badRequest(TOO_MANY_FILES_MESSAGE);
    // No folders, no "..", no absolute paths, no drive letters, no control characters: a Scratch project is flat.
    if (name !== PROJECT_JSON && !ASSET_NAME.test(name)) throw badRequest(badNameMessage(name.slice(0, 80)));
    if (seen.has(name)) throw badRequest(duplicateNameMessage(name));
    seen.add(name);
    if (name === PROJECT_JSON ? originalSize > PROJECT_JSON_MAX_BYTES : originalSize > ASSET_MAX_BYTES)
      throw badRequest(name === PROJECT_JSON ? PROJECT_JSON_TOO_LARGE_MESSAGE : assetTooLargeMessage(name));
    if (originalSize >= RATIO_FROM_BYTES && originalSize > MAX_RATIO * Math.max(size, 1))
      throw badRequest(compressedTooMuchMessage(name));
    total += originalSize;
    if (total > TOTAL_MAX_BYTES) throw badRequest(TOO_LARGE_UNCOMPRESSED_MESSAGE);
    if (file.compression !== 0 && file.compression !== 8) throw badRequest(NOT_A_ZIP_MESSAGE);
    return true;
  };
}

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: directoryCheck() });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(NOT_A_ZIP_MESSAGE);
  }
}

function parseProject(file: Uint8Array): Sb3Project {
  let data: unknown;
  try {
    data = JSON.parse(strFromU8(file));
  } catch {
    throw badRequest(PROJECT_JSON_INVALID_MESSAGE);
  }
  const parsed = sb3ProjectSchema.safeParse(data);
  if (!parsed.success) throw badRequest(invalidProjectMessage(parsed.error.issues[0]!.message));
  return parsed.data;
}

const PLAYABLE = new Set<string>(PLAYABLE_EXTENSIONS);
const CORE = new Set<string>(CORE_OPCODE_PREFIXES);

/** Only Scratch's own extensions that stay on this site: the listed ones, and every block's opcode. */
function checkExtensions(project: Sb3Project): void {
  for (const extension of project.extensions) if (!PLAYABLE.has(extension)) throw badRequest(refusedExtensionMessage(extension));
  for (const target of project.targets) {
    for (const block of Object.values(target.blocks)) {
      if (Array.isArray(block)) continue;
      const prefix = block.opcode.split('_')[0]!;
      if (!CORE.has(prefix) && !PLAYABLE.has(prefix)) throw badRequest(refusedExtensionMessage(prefix));
    }
  }
}

/** Every costume and sound is in the zip; the names of those in use. */
function usedAssets(project: Sb3Project, files: Record<string, Uint8Array>): Set<string> {
  const used = new Set<string>();
  for (const target of project.targets) {
    for (const asset of [...target.costumes, ...target.sounds]) {
      const file = asset.md5ext ?? `${asset.assetId}.${asset.dataFormat}`;
      if (!(file in files)) throw badRequest(missingAssetMessage(asset.name, target.name));
      used.add(file);
    }
  }
  return used;
}

/** Already compressed formats are stored; the others deflated. */
const STORED = /\.(png|jpg|jpeg|gif|mp3)$/;

/** The checked `.sb3`, or a 400 naming what is wrong with it. */
export function checkSb3(bytes: Uint8Array): CheckedSb3 {
  if (bytes.length === 0) throw badRequest(EMPTY_UPLOAD_MESSAGE);
  if (bytes.length > SB3_MAX_BYTES) throw badRequest(SB3_TOO_LARGE_MESSAGE);
  if (!isZip(bytes)) throw badRequest(NOT_A_ZIP_MESSAGE);
  const files = unzip(bytes);
  const projectFile = files[PROJECT_JSON];
  if (!projectFile) throw badRequest(NO_PROJECT_JSON_MESSAGE);
  const project = parseProject(projectFile);
  checkExtensions(project);
  const used = usedAssets(project, files);
  const kept: Zippable = { [PROJECT_JSON]: [projectFile, { level: 6 }] };
  for (const name of [...used].sort()) kept[name] = [files[name]!, { level: STORED.test(name) ? 0 : 6 }];
  // A fixed time, so the same project gives the same file (and the same SHA-256).
  return { bytes: zipSync(kept, { mtime: new Date('2020-01-01T00:00:00Z') }), project };
}

/** The SHA-256 of `bytes`, in hex: the file's name in the store. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
