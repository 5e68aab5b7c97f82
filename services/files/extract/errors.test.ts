import { describe, expect, it } from 'vitest';
import { encryptedPdf, malformedPdf, sampleDocx, samplePdf, samplePptx, sampleXlsx, zipBomb, zipOf } from '../../../tests/fixtures/files.js';
import { DOCX_DAMAGED } from './docx.js';
import { DEFAULT_EXTRACT_LIMITS, extractFile, FileExtractError } from './extract.js';
import { PDF_DAMAGED, PDF_PASSWORD } from './pdf.js';
import { PPTX_DAMAGED } from './pptx.js';
import { SIZE_MISMATCH, zipBombMessage } from './safe-zip.js';
import { XLSX_DAMAGED } from './xlsx.js';

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileExtractError);
  return (error as FileExtractError).message;
};

describe('extractFile refuses', () => {
  it('a damaged PDF, an empty one, and one cut in half', async () => {
    const whole = await samplePdf([{ text: 'Some text that will be cut off.' }]);
    expect(await refusal(extractFile(malformedPdf(), 'pdf'))).toBe(PDF_DAMAGED);
    expect(await refusal(extractFile(Buffer.alloc(0), 'pdf'))).toBe(PDF_DAMAGED);
    expect(await refusal(extractFile(whole.subarray(0, whole.length / 2), 'pdf'))).toBe(PDF_DAMAGED);
  });

  it('a PDF that needs a password', async () => {
    expect(await refusal(extractFile(await encryptedPdf(), 'pdf'))).toBe(PDF_PASSWORD);
  });

  it('files that are not what their extension says', async () => {
    const docx = await sampleDocx(['Words']);
    expect(await refusal(extractFile(docx, 'pdf'))).toBe(PDF_DAMAGED);
    expect(await refusal(extractFile(await samplePdf([{ text: 'A PDF' }]), 'docx'))).toBe(DOCX_DAMAGED);
    expect(await refusal(extractFile(docx, 'xlsx'))).toBe(XLSX_DAMAGED);
    expect(await refusal(extractFile(await sampleXlsx([{ name: 'S', rows: [['a']] }]), 'pptx'))).toBe(PPTX_DAMAGED);
    expect(await refusal(extractFile(await samplePptx([{ title: 'T', body: 'B' }]), 'docx'))).toBe(DOCX_DAMAGED);
    expect(await refusal(extractFile(docx, 'txt'))).toMatch(/^The text file could not be read: it is a binary file/);
    expect(await refusal(extractFile(docx, 'json'))).toMatch(/^The JSON file could not be read/);
  });

  it('a broken zip', async () => {
    const docx = await sampleDocx(['Words']);
    expect(await refusal(extractFile(docx.subarray(0, docx.length - 100), 'docx'))).toBe(DOCX_DAMAGED);
    expect(await refusal(extractFile(zipOf([{ name: 'word/document.xml', data: Buffer.from('<not-word/>') }]), 'docx'))).toBe(DOCX_DAMAGED);
    expect(await refusal(extractFile(zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('<<<') }]), 'xlsx'))).toBe(XLSX_DAMAGED);
  });

  it('password-protected and old binary Office files, with a hint', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await refusal(extractFile(ole, 'docx'))).toMatch(/^The Word document is protected by a password or saved in an old format/);
    expect(await refusal(extractFile(ole, 'xlsx'))).toMatch(/unprotected \.xlsx file/);
  });

  it('invalid JSON, naming the problem', async () => {
    expect(await refusal(extractFile(Buffer.from('{"a": 1,}'), 'json'))).toMatch(/^The JSON file is not valid JSON: .+/);
  });

  it('a CSV with a quote never closed', async () => {
    expect(await refusal(extractFile(Buffer.from('a,b\n"open,2\n'), 'csv'))).toMatch(/^The CSV file could not be read: .*quote/i);
  });

  // That nothing is inflated first is shown in safe-zip.test.ts (its progress stays at 0); how
  // fast a refusal comes belongs to `make bench`.
  it('a zip bomb, by its declared sizes, with every Office type', async () => {
    const bomb = await zipBomb();
    for (const type of ['docx', 'xlsx', 'pptx'] as const)
      expect(await refusal(extractFile(bomb, type))).toBe(zipBombMessage(DEFAULT_EXTRACT_LIMITS.maxUnpackedBytes));
  });

  it('a zip bomb whose header lies, without unpacking it', async () => {
    const bomb = await zipBomb({ lyingHeader: true });
    expect(await refusal(extractFile(bomb, 'docx'))).toBe(SIZE_MISMATCH);
  });

  it('an Office file with more parts than allowed', async () => {
    expect(await refusal(extractFile(await sampleDocx(['Words']), 'docx', { ...DEFAULT_EXTRACT_LIMITS, maxEntries: 3 }))).toMatch(/more than 3 parts/);
  });
});
