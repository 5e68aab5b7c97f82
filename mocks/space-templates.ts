// The Space templates the mock API offers (listSpaceTemplates); a template's fields fill what
// createCollection leaves out.
import type { SpaceTemplate } from '../generated/react-query/model';

export const MOCK_SPACE_TEMPLATES: SpaceTemplate[] = [
  {
    id: 'research-assistant',
    title: 'Research Assistant',
    description: 'Collect papers and pages on a topic and get answers that compare them.',
    emoji: '1f52c',
    instructions:
      'Answer as a careful research assistant. Prefer the Space’s links and files, compare sources where they disagree, and say when the evidence is thin.',
  },
  {
    id: 'travel-planner',
    title: 'Travel Planner',
    description: 'Plan a trip: routes, places to stay, and what to see day by day.',
    emoji: '2708-fe0f',
    instructions: 'Help plan trips. Give day-by-day itineraries with travel times, and mention opening hours and booking needs.',
  },
  {
    id: 'study-buddy',
    title: 'Study Buddy',
    description: 'Learn a subject step by step, with explanations and practice questions.',
    emoji: '1f4da',
    instructions: 'Explain step by step for a student, check understanding with a short practice question at the end of each answer.',
  },
  {
    id: 'product-support',
    title: 'Product Support',
    description: 'Answer customer questions from your product documentation.',
    emoji: '1f6e0-fe0f',
    instructions: 'Answer support questions from the linked documentation only. Quote the exact setting names and link the page that documents them.',
  },
];
