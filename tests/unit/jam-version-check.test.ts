import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { JAM_VERSION_MODES as DB_MODES } from '#db/schema';
import { JAM_VERSION_MODES } from '#lib/jam-version';
import { AppError } from '#server/platform/errors';
import { checkSb3, sha256Hex } from '#server/entries/jam-version-check';
import { makeSb3, sb3Files, zipBomb } from '../helpers/sb3';

/** The 400's message checkSb3 throws for `bytes`. */
function refusal(bytes: Uint8Array): string {
  try {
    checkSb3(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error('checkSb3 took the file');
}

describe('checking a jam version before it is kept', () => {
  it('takes the moving-square project and keeps exactly its checked files, the same bytes each time', async () => {
    const checked = checkSb3(makeSb3({ spriteName: 'Gerald the 🐟' }));
    const kept = unzipSync(checked.bytes);
    expect(Object.keys(kept).sort()).toEqual(Object.keys(sb3Files()).sort());
    // The texts inside are left alone.
    expect(JSON.parse(strFromU8(kept['project.json']!)).targets[1].name).toBe('Gerald the 🐟');
    expect(await sha256Hex(checkSb3(makeSb3({ spriteName: 'Gerald the 🐟' })).bytes)).toBe(await sha256Hex(checked.bytes));
  });

  it('refuses a file that is not a zip', () => {
    expect(refusal(strToU8('<html>not a project</html>'))).toBe(
      'That file is not a Scratch project (.sb3). In the Scratch editor, choose File → Save to your computer, and upload the file it saves.',
    );
  });

  it('refuses a zip bomb before uncompressing it', () => {
    expect(refusal(zipBomb(10))).toBe(
      '“00000000000000000000000000000000.svg” would grow more than 100 times when unpacked: that is how a zip bomb looks, so the file is refused.',
    );
  });

  it('refuses a zip that would unpack to more than 50 MB', () => {
    // Random bytes of 2 bits each: they deflate to about a quarter, well within the ratio limit.
    const noise = (size: number) => {
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65536)));
      return bytes.map((byte) => byte & 3);
    };
    const big = sb3Files();
    for (let i = 0; i < 6; i++) big[`${String(i).repeat(32)}.wav`] = [noise(9.5 * 1024 * 1024), { level: 1 }];
    expect(refusal(zipSync(big))).toBe('That .sb3 would take more than 50 MB once unpacked, the most a jam version can.');
  }, 60_000); // zipping 57 MB of noise: seconds on a loaded machine

  it('refuses paths, folders and files that are not part of a project', () => {
    expect(refusal(makeSb3({ extraFiles: { '../../etc/passwd': strToU8('x') } }))).toBe(
      'The .sb3 holds “../../etc/passwd”, which is not a file of a Scratch project (only project.json and its costumes and sounds).',
    );
    expect(refusal(makeSb3({ extraFiles: { '__MACOSX/project.json': strToU8('x') } }))).toBe(
      'The .sb3 holds “__MACOSX/project.json”, which is not a file of a Scratch project (only project.json and its costumes and sounds).',
    );
  });

  it('refuses a project.json that is not JSON, or not a Scratch 3 project', () => {
    expect(refusal(makeSb3({ projectJson: '{"targets": [' }))).toBe(
      'project.json is not valid JSON, so the project cannot be played.',
    );
    expect(refusal(makeSb3({ projectJson: '{"targets": [], "meta": {"semver": "3.0.0"}}' }))).toBe(
      'project.json is not a Scratch 3 project: project.json has no sprites (targets).',
    );
    expect(refusal(zipSync({ 'readme.txt': strToU8('hi') }))).toBe(
      'The .sb3 holds “readme.txt”, which is not a file of a Scratch project (only project.json and its costumes and sounds).',
    );
  });

  it('refuses a costume that is not in the zip', () => {
    expect(refusal(makeSb3({ withoutCostumeFile: true }))).toBe(
      'The costume or sound “square” of “Mover” is not in the .sb3: save the project from the Scratch editor again.',
    );
  });

  it('takes pen, music and Makey Makey, and refuses extensions that leave the site or are not Scratch’s', () => {
    expect(() => checkSb3(makeSb3({ extensions: ['pen', 'music'], extraOpcode: 'pen_clear' }))).not.toThrow();
    expect(refusal(makeSb3({ extensions: ['text2speech'] }))).toBe(
      'The project uses the text2speech extension, which the player here cannot run: Text to Speech calls Scratch’s servers.',
    );
    expect(refusal(makeSb3({ extensions: ['someoneElsesExtension'] }))).toBe(
      'The project uses “someoneElsesExtension”, which is not one of Scratch’s own extensions, so the player here cannot run it.',
    );
    // A block of an extension the list leaves out is refused too.
    expect(refusal(makeSb3({ extraOpcode: 'translate_getTranslate' }))).toBe(
      'The project uses the translate extension, which the player here cannot run: Translate calls Scratch’s servers.',
    );
  });

  it('refuses an upload over 20 MB and an empty one', () => {
    expect(refusal(new Uint8Array(20 * 1024 * 1024 + 1))).toBe('That file is larger than 20 MB, the most a jam version can be.');
    expect(refusal(new Uint8Array())).toBe('The upload was empty: choose the .sb3 file to upload.');
  });

  it('keeps the modes the same in the database and in the shared code', () => {
    expect(JAM_VERSION_MODES).toEqual(DB_MODES);
  });
});
