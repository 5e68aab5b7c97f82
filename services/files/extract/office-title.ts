// The title an Office author set (File > Properties), kept in docProps/core.xml as dc:title.
import { XMLParser } from 'fast-xml-parser';

export const CORE_PROPERTIES = 'docProps/core.xml';

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, processEntities: true });

export function officeTitle(coreXml: Buffer | undefined): string | null {
  if (!coreXml) return null;
  try {
    const title = parser.parse(coreXml.toString('utf8'))?.coreProperties?.title;
    const text = typeof title === 'string' ? title : typeof title?.['#text'] === 'string' ? title['#text'] : '';
    return text.trim() || null;
  } catch {
    return null; // a damaged properties part costs the title, not the file
  }
}
