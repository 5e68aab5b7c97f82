// Whether an entry is a Research report: asked as one here, or marked so by the server
// (ThreadEntry.research_report). Entries from before the server marked reports are known by their
// answer, written section by section under "## " headings; their steps are then looked up (a 404
// says it is not one).
export const isResearchReport = (entry: { research?: boolean; answer: string }) => !!entry.research || entry.answer.startsWith('## ');
