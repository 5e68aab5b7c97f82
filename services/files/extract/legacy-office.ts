// Password-protected Office files, and the pre-2007 .doc/.xls/.ppt formats, are OLE compound
// files rather than zips; saying so helps more than "damaged".
import { FileExtractError } from './types.js';

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function refuseLegacyOffice(bytes: Buffer, noun: string, extension: string): void {
  if (bytes.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) {
    throw new FileExtractError(
      `The ${noun} is protected by a password or saved in an old format; save it as an unprotected ${extension} file and upload it again.`,
    );
  }
}
