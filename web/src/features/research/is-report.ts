// Whether an entry is a Research report: asked as one here, or (after a reload) an answer written
// as a report is, section by section under "## " headings; its steps are then looked up (a 404
// says it is not one).
export const isResearchReport = (entry: { research?: boolean; answer: string }) => !!entry.research || entry.answer.startsWith('## ');
