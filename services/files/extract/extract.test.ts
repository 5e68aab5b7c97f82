import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { largeCsv, largePdf, sampleCsv, sampleDocx, samplePdf, samplePptx, sampleXlsx, zipOf } from '../../../tests/fixtures/files.js';
import { PASSAGE_SIZE } from '../../spaces/index.js';
import { DEFAULT_EXTRACT_LIMITS, describe as describeText, extractFile, type Extracted } from './extract.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const allWords = (extracted: Extracted) => extracted.passages.flatMap((passage) => words(passage.content));

describe('extractFile on PDF', () => {
  it('gives each page its own passages, headed with the page number, and the info title', async () => {
    const pdf = await samplePdf(
      [{ text: 'The quarterly report covers revenue.\n\nCosts rose by four percent.' }, { text: 'Second page about hiring plans.' }],
      { title: 'Quarterly report' },
    );
    const extracted = await extractFile(pdf, 'pdf');
    expect(extracted.title).toBe('Quarterly report');
    expect(extracted.pageCount).toBe(2);
    expect(extracted.passages).toEqual([
      { heading: 'Page 1', content: 'The quarterly report covers revenue.\n\nCosts rose by four percent.', page: 1, ordinal: 0 },
      { heading: 'Page 2', content: 'Second page about hiring plans.', page: 2, ordinal: 1 },
    ]);
    expect(extracted.description).toBe('The quarterly report covers revenue. Costs rose by four percent. Second page about hiring plans.');
  });

  it('joins wrapped lines and keeps every word of a long page', async () => {
    const text = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const extracted = await extractFile(await samplePdf([{ text }]), 'pdf');
    expect(extracted.title).toBeNull();
    expect(allWords(extracted)).toEqual(words(text));
    expect(extracted.passages.every((passage) => passage.page === 1 && passage.content.length <= PASSAGE_SIZE.max)).toBe(true);
  });

  it('extracts a 100-page PDF page by page without mixing pages', async () => {
    const extracted = await extractFile(await largePdf(100), 'pdf');
    expect(extracted.pageCount).toBe(100);
    for (let page = 1; page <= 100; page++) {
      const own = extracted.passages.filter((passage) => passage.page === page);
      expect(own.length).toBeGreaterThan(0);
      expect(own[0].content.startsWith(`Page marker ${page}.`)).toBe(true);
      expect(own.every((passage) => passage.heading === `Page ${page}`)).toBe(true);
    }
    expect(extracted.passages.map((passage) => passage.ordinal)).toEqual(extracted.passages.map((_, i) => i));
  });

  it('accepts a Uint8Array as well as a Buffer, and leaves the caller’s bytes intact', async () => {
    const pdf = await samplePdf([{ text: 'Bytes stay usable.' }]);
    const bytes = new Uint8Array(pdf);
    await extractFile(bytes, 'pdf');
    expect(bytes.byteLength).toBe(pdf.length);
    expect((await extractFile(pdf, 'pdf')).passages[0].content).toBe('Bytes stay usable.');
  });
});

describe('extractFile on Office files', () => {
  it('reads a Word document’s paragraphs and title, with no page numbers', async () => {
    const docx = await sampleDocx(['Introduction to the handbook.', 'Holidays are agreed with your manager.'], { title: 'Staff handbook' });
    const extracted = await extractFile(docx, 'docx');
    expect(extracted).toEqual({
      title: 'Staff handbook',
      pageCount: null,
      passages: [{ heading: '', content: 'Introduction to the handbook.\n\nHolidays are agreed with your manager.', page: null, ordinal: 0 }],
      description: 'Introduction to the handbook. Holidays are agreed with your manager.',
    });
  });

  it('cuts a long Word document into passages of the links size', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} explains rule number ${i} of the policy in plain words for everyone.`);
    const extracted = await extractFile(await sampleDocx(paragraphs), 'docx');
    expect(extracted.title).toBeNull();
    expect(extracted.passages.length).toBeGreaterThan(2);
    expect(allWords(extracted)).toEqual(words(paragraphs.join(' ')));
    for (const passage of extracted.passages.slice(0, -1)) expect(passage.content.length).toBeGreaterThanOrEqual(PASSAGE_SIZE.min);
  });

  it('reads slides in order, headed with their number and title', async () => {
    const pptx = await samplePptx(
      [
        { title: 'Roadmap', body: 'Ship the beta in March\nOpen sign-ups in May' },
        { title: 'Risks', body: 'Hiring is slow' },
      ],
      { title: 'Planning 2027' },
    );
    const extracted = await extractFile(pptx, 'pptx');
    expect(extracted.title).toBe('Planning 2027');
    expect(extracted.pageCount).toBe(2);
    expect(extracted.passages).toEqual([
      { heading: 'Slide 1: Roadmap', content: 'Roadmap\nShip the beta in March\nOpen sign-ups in May', page: 1, ordinal: 0 },
      { heading: 'Slide 2: Risks', content: 'Risks\nHiring is slow', page: 2, ordinal: 1 },
    ]);
  });

  it('orders slides by number, not by name (slide10 after slide9)', async () => {
    const slides = Array.from({ length: 11 }, (_, i) => ({ title: `Title ${i + 1}`, body: `Body of slide ${i + 1}` }));
    const extracted = await extractFile(await samplePptx(slides), 'pptx');
    expect(extracted.passages.map((passage) => passage.heading)).toEqual(slides.map((slide, i) => `Slide ${i + 1}: ${slide.title}`));
    expect(extracted.passages.map((passage) => passage.page)).toEqual(slides.map((_, i) => i + 1));
  });

  it('heads a slide with its title placeholder, wherever it sits, and reads tables and line breaks', async () => {
    const shape = (placeholder: string, paragraphs: string) =>
      `<p:sp><p:nvSpPr><p:cNvPr id="2" name="s"/><p:cNvSpPr/><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr><p:txBody>${paragraphs}</p:txBody></p:sp>`;
    const slide = `<?xml version="1.0"?><p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree>${shape('', '<a:p><a:r><a:t>Footnote &amp; more</a:t></a:r></a:p>')}${shape('<p:ph type="title"/>', '<a:p><a:r><a:t>Real </a:t></a:r><a:r><a:t>title</a:t></a:r><a:br/><a:r><a:t>second half</a:t></a:r></a:p>')}<p:graphicFrame><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>cell one</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></p:graphicFrame></p:spTree></p:cSld></p:sld>`;
    const pptx = zipOf([
      { name: 'ppt/presentation.xml', data: Buffer.from('<p:presentation/>') },
      { name: 'ppt/slides/slide1.xml', data: Buffer.from(slide) },
    ]);
    const extracted = await extractFile(pptx, 'pptx');
    expect(extracted.title).toBeNull();
    expect(extracted.passages).toEqual([
      { heading: 'Slide 1: Real title second half', content: 'Footnote & more\nReal title second half\ncell one', page: 1, ordinal: 0 },
    ]);
  });

  it('writes spreadsheet dates as ISO dates and formulas as their results', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Log');
    sheet.addRow(['When', 'Total']);
    sheet.addRow([new Date(Date.UTC(2026, 2, 14)), { formula: '1+2', result: 3 }]);
    const extracted = await extractFile(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx');
    expect(extracted.passages[0].content).toBe('When: 2026-03-14, Total: 3');
  });

  it('reads every sheet as rows that carry their column names, naming the sheet and rows', async () => {
    const sales = [['Region', 'Amount'], ...Array.from({ length: 120 }, (_, i) => [`Region ${i}`, i * 100])];
    const xlsx = await sampleXlsx([
      { name: 'Sales', rows: sales },
      { name: 'Notes', rows: [['Note'], ['Figures are in euros']] },
    ]);
    const extracted = await extractFile(xlsx, 'xlsx');
    expect(extracted.pageCount).toBe(2);
    const salesPassages = extracted.passages.filter((passage) => passage.page === 1);
    expect(salesPassages.length).toBeGreaterThan(1);
    expect(salesPassages[0].heading).toMatch(/^Sheet Sales, rows 2-\d+$/);
    expect(salesPassages.flatMap((passage) => passage.content.split('\n'))).toEqual(sales.slice(1).map(([r, a]) => `Region: ${r}, Amount: ${a}`));
    expect(extracted.passages.at(-1)).toMatchObject({ heading: 'Sheet Notes, row 2', content: 'Note: Figures are in euros', page: 2 });
  });
});

describe('extractFile on text files', () => {
  it('keeps a text file’s lines', async () => {
    const extracted = await extractFile(Buffer.from('\uFEFFShopping list\r\nmilk\r\neggs\r\n'), 'txt');
    expect(extracted.passages).toEqual([{ heading: '', content: 'Shopping list\nmilk\neggs', page: null, ordinal: 0 }]);
    expect(extracted).toMatchObject({ title: null, pageCount: null, description: 'Shopping list milk eggs' });
  });

  it('reads Windows-1252 text that is not UTF-8', async () => {
    const extracted = await extractFile(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]), 'txt');
    expect(extracted.passages[0].content).toBe('café €5');
  });

  it('splits Markdown by section, takes the first level-one heading as title, and ignores # in code', async () => {
    const md = [
      'Intro before any heading.',
      '# Guide',
      'Welcome text.',
      '## Install',
      'Run the installer.',
      '```sh',
      '# not a heading',
      '```',
      '## Empty',
      '### Use',
      'Open the app.',
    ].join('\n');
    const extracted = await extractFile(Buffer.from(md), 'md');
    expect(extracted.title).toBe('Guide');
    expect(extracted.passages).toEqual([
      { heading: '', content: 'Intro before any heading.', page: null, ordinal: 0 },
      { heading: 'Guide', content: 'Welcome text.', page: null, ordinal: 1 },
      { heading: 'Install', content: 'Run the installer.\n```sh\n# not a heading\n```', page: null, ordinal: 2 },
      { heading: 'Use', content: 'Open the app.', page: null, ordinal: 3 },
    ]);
  });

  it('flattens JSON to path: value lines', async () => {
    const json = {
      name: 'Acme',
      address: { city: 'Lyon', zip: '69001' },
      tags: ['b2b', 'eu'],
      staff: [{ name: 'Ana', admin: true }],
      'odd key': null,
      empty: {},
    };
    const extracted = await extractFile(Buffer.from(JSON.stringify(json)), 'json');
    expect(extracted.passages[0].content.split('\n')).toEqual([
      'name: Acme',
      'address.city: Lyon',
      'address.zip: 69001',
      'tags[0]: b2b',
      'tags[1]: eu',
      'staff[0].name: Ana',
      'staff[0].admin: true',
      '["odd key"]: null',
      'empty: {}',
    ]);
    expect((await extractFile(Buffer.from('42'), 'json')).passages[0].content).toBe('42');
  });

  it('flattens JSON nested far deeper than the call stack', async () => {
    const depth = 50_000;
    const extracted = await extractFile(Buffer.from(`${'['.repeat(depth)}"deep"${']'.repeat(depth)}`), 'json');
    expect(extracted.passages[0].content).toBe(`${'[0]'.repeat(depth)}: deep`.slice(0, PASSAGE_SIZE.max));
  });

  it('reads CSV rows with their column names and row ranges as headings', async () => {
    const rows = [['id', 'city', 'note'], ...Array.from({ length: 200 }, (_, i) => [i + 1, `City ${i}`, `note, with comma ${i}`])];
    const extracted = await extractFile(sampleCsv(rows), 'csv');
    expect(extracted.pageCount).toBeNull();
    expect(extracted.passages[0].heading).toMatch(/^Rows 2-\d+$/);
    expect(extracted.passages.every((passage) => passage.page === null)).toBe(true);
    expect(extracted.passages.flatMap((passage) => passage.content.split('\n'))).toEqual(
      rows.slice(1).map(([id, city, note]) => `id: ${id}, city: ${city}, note: ${note}`),
    );
    expect(extracted.passages.at(-1)!.heading).toMatch(/-201$/);
  });

  it('reads semicolon-separated CSV', async () => {
    const extracted = await extractFile(Buffer.from('name;price\n"Tea; green";3,50\n'), 'csv');
    expect(extracted.passages[0].content).toBe('name: Tea; green, price: 3,50');
  });
});

describe('extractFile limits', () => {
  it('stops at maxPassages', async () => {
    const extracted = await extractFile(largeCsv(1), 'csv', { ...DEFAULT_EXTRACT_LIMITS, maxPassages: 7 });
    expect(extracted.passages.map((passage) => passage.ordinal)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('extracts a 10 MB CSV within the default passage limit', async () => {
    const extracted = await extractFile(largeCsv(10), 'csv');
    expect(extracted.passages.length).toBeGreaterThan(5000);
    expect(extracted.passages.length).toBeLessThan(DEFAULT_EXTRACT_LIMITS.maxPassages);
    expect(extracted.passages.every((passage) => passage.content.startsWith('id: '))).toBe(true);
  });
});

describe('describe', () => {
  it('collapses whitespace and cuts at a word near 200 characters', () => {
    const text = Array.from({ length: 80 }, (_, i) => `w${i}`).join('\n ');
    const description = describeText([text]);
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(201);
    expect(description.length).toBeGreaterThan(150);
    expect(words(text).join(' ').startsWith(description.slice(0, -1))).toBe(true);
    expect(describeText(['short', 'text'])).toBe('short text');
    expect(describeText([])).toBe('');
  });
});
