// The parts of Linear's GraphQL API this adapter reads (https://developers.linear.app/docs/graphql/working-with-the-graphql-api).
export type GraphQLAnswer<T> = { data?: T | null; errors?: { message?: string; extensions?: { code?: string } }[] };
export type LinearIssue = {
  id: string;
  identifier: string;
  title: string;
  description: string | null;
  url: string;
  updatedAt: string;
  archivedAt: string | null;
  trashed?: boolean | null;
  creator: { name: string } | null;
  assignee: { name: string } | null;
  state: { name: string } | null;
  team: { name: string } | null;
  project: { name: string } | null;
  parent: { id: string } | null;
  labels: { nodes: { name: string }[] };
};
export type IssuesPage = { issues: { nodes: LinearIssue[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
