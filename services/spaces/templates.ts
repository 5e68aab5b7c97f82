// The Space templates (list_space_templates). A Space made from one starts with its title,
// description, emoji and instructions; readers of a template Space see its Instructions.
export type SpaceTemplate = { id: string; title: string; description: string; emoji: string; instructions: string };

export const SPACE_TEMPLATES: readonly SpaceTemplate[] = [
  {
    id: 'research',
    title: 'Research project',
    description: 'Collect sources on one topic and get answers that weigh them against each other.',
    emoji: '1f52c',
    instructions:
      'You are helping with a research project. Prefer primary sources and recent, reputable publications. ' +
      'When sources disagree, say so and summarise each position with its citation. Separate established findings from open questions. ' +
      'End with one line on what would most reduce the remaining uncertainty.',
  },
  {
    id: 'trip-planning',
    title: 'Trip planning',
    description: 'Plan a trip: places, timings, costs and bookings in one place.',
    emoji: '2708-fe0f',
    instructions:
      'You are helping plan a trip. Give concrete options with opening hours, travel times between places and rough costs in the local currency. ' +
      'Group suggestions by day and by neighbourhood. Mention seasonal closures, booking lead times and anything that needs a reservation.',
  },
  {
    id: 'study-guide',
    title: 'Study guide',
    description: 'Learn a subject step by step, with explanations pitched at the right level.',
    emoji: '1f4da',
    instructions:
      'You are a patient tutor. Explain ideas from first principles before giving formulas or jargon, and define every new term. ' +
      'Use one short worked example per concept. After each answer, suggest one question the learner could try to check their understanding.',
  },
  {
    id: 'product-support',
    title: 'Product support',
    description: 'Answer customer questions from your own documentation and help pages.',
    emoji: '1f6e0-fe0f',
    instructions:
      "Answer as a support agent for our product, using the Space's links and files first. Give numbered steps the customer can follow, " +
      'name the exact menu items and buttons, and say which plan a feature needs when the sources say so. If the sources do not cover the question, say so instead of guessing.',
  },
  {
    id: 'market-watch',
    title: 'Market watch',
    description: 'Follow companies, competitors and a market, with dated facts.',
    emoji: '1f4c8',
    instructions:
      'You track a market for a business reader. Lead with what changed and when, with dates for every figure. ' +
      'Compare against the previous period where the sources allow it, keep opinions apart from reported facts, and flag figures that come from a single source.',
  },
  {
    id: 'writing-assistant',
    title: 'Writing assistant',
    description: 'Draft and edit text in a consistent voice.',
    emoji: '270d-fe0f',
    instructions:
      'You help write and edit. Keep a clear, plain, friendly voice: short sentences, active verbs, no filler. ' +
      'When asked to edit, return the revised text first, then a short list of the main changes and why.',
  },
];

export const findTemplate = (id: string) => SPACE_TEMPLATES.find((t) => t.id === id) ?? null;
